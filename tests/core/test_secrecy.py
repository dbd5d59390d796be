import pytest

from core.masking import SECRET_MASK, mask_values
from core.secrecy import is_secret_name, named_secrets, redact_url


@pytest.mark.parametrize(
    "name",
    [
        "password",
        "pw",
        "pwd",
        "userPassword",
        "login-pass",
        "PIN",
        "otp_code",
        "one time code",
        "cvv",
        "CVC2",
        "cc-number",
        "Card number",
        "IBAN",
        "ssn",
        "api_token",
        "client_secret",
        "apiKey",
        "Security code",
    ],
)
def test_secret_names(name: str) -> None:
    assert is_secret_name(name)


@pytest.mark.parametrize("name", ["username", "passport", "spinner", "company", "email", "typewriter", "tokenizer"])
def test_ordinary_names(name: str) -> None:
    assert not is_secret_name(name)


def test_named_secrets_in_a_task() -> None:
    assert named_secrets('Log in as emile with password "x3 h"') == [("password", "x3 h")]
    assert named_secrets("pin: 1234, then pw=abc!") == [("pin", "1234"), ("pw", "abc!")]
    assert named_secrets("pay with card number 4111 1111 1111 1111 today") == [("card_number", "4111 1111 1111 1111")]
    assert named_secrets("change my password to n3w-secret.") == [("password", "n3w-secret")]
    assert named_secrets("reset the password and the pin") == []
    assert named_secrets("the site was pwned") == []


def test_mask_values_plain_encoded_and_short() -> None:
    text = "p@ss! and p%40ss%21 and p%40ss! near x3h but not x3hx"
    assert (
        mask_values(text, ["p@ss!", "x3h"])
        == f"{SECRET_MASK} and {SECRET_MASK} and {SECRET_MASK} near {SECRET_MASK} but not x3hx"
    )
    assert mask_values("long values hide inside words: abcdefg", ["cdef"]) == f"long values hide inside words: ab{SECRET_MASK}g"
    assert mask_values("nothing", []) == "nothing"


def test_redact_url_by_name_and_by_value() -> None:
    assert redact_url("https://h/p?user=emile&token=t0k#access_token=a&x=1") == "https://h/p?user=emile&token=#access_token=&x=1"
    assert redact_url("https://bob:hunter2@h/p") == "https://h/p"
    held = lambda text: "s3cret" in text  # noqa: E731
    redacted = redact_url("https://h/reset/s3cret/now?k1=s3cret&q=shoes", held)
    assert "s3cret" not in redacted and redacted.endswith("?k1=&q=shoes") and "/reset/" in redacted and "/now" in redacted
    assert redact_url("https://h/p?q=shoes", held) == "https://h/p?q=shoes"


def test_words_that_only_look_like_named_secrets() -> None:
    for task in [
        "Change the password of bob",
        "pin this message",
        "pass the salt",
        "the secret recipe",
        "open the password field",
    ]:
        assert named_secrets(task) == [], task
    assert named_secrets("pin 1234 and token: abc") == [("pin", "1234"), ("token", "abc")]


@pytest.mark.parametrize(
    "shown",
    [
        "p=<>a~b c<>",  # as typed
        "p=<>a%7Eb+c<>",  # a GET form: %7E and + for the space
        "p=<>a%7eb%20c<>",  # lower-case hex
        "<b><>a&#126;b c<></b>",  # decimal reference
        "<>a&#x7E;b&#32;c<>",  # hexadecimal reference
        "<>a&#X7e;b c<>",
        '{"v": "<>a\\u007eb\\u0020c<>"}',  # JSON escapes
        '{"v": "<>a\\u007Eb c<>"}',
    ],
)
def test_masking_compares_decoded_text(shown: str) -> None:
    before, value, after = shown.split("<>")
    assert mask_values(shown, ["a~b c"]) == f"{before}<>{SECRET_MASK}<>{after}", value


def test_masking_decodes_entities_json_and_astral_characters() -> None:
    assert mask_values("x&amp;y and x&AMP;y and x\\u0026y", ["x&y"]) == f"{SECRET_MASK} and {SECRET_MASK} and {SECRET_MASK}"
    assert mask_values('say \\"q\\" \\/ %22q%22', ['"q"']) == f"say {SECRET_MASK} \\/ {SECRET_MASK}"
    assert mask_values("k\\ud83d\\ude00y and k%F0%9F%98%80y", ["k😀y"]) == f"{SECRET_MASK} and {SECRET_MASK}"
    assert mask_values("password-ish pa%73sword", ["pa~ss"]) == "password-ish pa%73sword"


def test_redact_url_reads_the_authority_as_the_browser_does() -> None:
    assert (
        redact_url("http://localhost:8000\\@127.0.0.1:8000/c?password=x") == "http://localhost:8000/@127.0.0.1:8000/c?password="
    )
    assert redact_url("http://bob:pw@h\\x") == "http://h/x"
