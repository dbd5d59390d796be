import hmac

from recorder import RecordedStep
from recorder.fingerprints import SecretFingerprints


def _knowing(*values: str) -> SecretFingerprints:
    fingerprints = SecretFingerprints()
    for number, value in enumerate(values):
        digest = hmac.new(fingerprints.key, value.encode(), "sha256").hexdigest()
        fingerprints.remember(("field", number), digest, len(value), ["Password", "Card number"][number])
    return fingerprints


def test_values_are_found_without_being_known() -> None:
    fingerprints = _knowing("x3h", "4111 1111")
    assert fingerprints.replace('Log in with password "x3h", card 4111 1111', by_name=True) == (
        'Log in with password "{password}", card {card_number}'
    )
    assert fingerprints.replace("ax3hb x3h") == "ax3hb ••••"  # a short value only as a whole word
    assert not fingerprints.holds("nothing here")


def test_a_field_counts_with_its_latest_value_only() -> None:
    fingerprints = SecretFingerprints()
    for value in ("hu", "hunt", "hunter22"):  # keystrokes
        fingerprints.remember("pw", hmac.new(fingerprints.key, value.encode(), "sha256").hexdigest(), len(value), "Password")
    assert fingerprints.replace("hunt hunter22") == "hunt ••••"
    fingerprints.remember("pw", None, None, "Password")  # emptied
    assert fingerprints.replace("hunter22") == "hunter22"


def test_steps_are_scrubbed() -> None:
    fingerprints = _knowing("Echo-5555")
    step = RecordedStep(
        action="click",
        selector='internal:role=button[name="Use Echo-5555"s]',
        selectors=['internal:role=button[name="Use Echo-5555"s]', "#use", "html > body > button"],
        label="Use Echo-5555",
        url="http://h/copy.html?again=Echo-5555%21&x=1",
        navigates_to="http://h/done.html/Echo-5555",
    )
    scrubbed = fingerprints.scrub(step)
    assert scrubbed is not None and "Echo-5555" not in scrubbed.model_dump_json()
    assert scrubbed.selectors == ["#use", "html > body > button"] and scrubbed.label == "Use ••••"
    assert scrubbed.url == "http://h/copy.html?again=&x=1"
    fill = fingerprints.scrub(RecordedStep(action="fill", selector="#again", selectors=["#again"], value="Echo-5555!"))
    assert fill is not None and fill.secret and fill.value is None
    assert fingerprints.scrub(RecordedStep(action="press", selector="#a", selectors=["#a"], value="Echo-5555")) is None
