import pytest

from agent import bind_parameters
from procedures.binding import missing_parameters
from tests.helpers import sample_procedure


def _login(title: str):  # type: ignore[no-untyped-def]
    procedure = sample_procedure(title=title)
    procedure.abstract.parameters[0].example = "kanesha"
    return procedure


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ('Enter the username "bob" and the password "abc" and press login', {"username": "bob", "password": "abc"}),
        ("Enter the username bob and the password abc and press login", {"username": "bob", "password": "abc"}),
        (
            'enter the username "Bob Smith" and the password "a b c" and press login.',
            {"username": "Bob Smith", "password": "a b c"},
        ),
    ],
)
def test_template_from_the_demonstrated_title(task: str, expected: dict[str, str]) -> None:
    procedure = _login('Enter the username "kanesha" and the password "xyz" and press login')
    assert bind_parameters(procedure, task, env={}) == expected


def test_named_values_quoted_strings_and_the_environment() -> None:
    procedure = _login("Log in to the demo site")
    assert bind_parameters(procedure, "sign in with username: carl and password=xyz", env={}) == {
        "username": "carl",
        "password": "xyz",
    }
    assert bind_parameters(procedure, 'sign in as "dora"', env={}) == {"username": "dora"}  # quoted strings fill non-secrets
    from_env = bind_parameters(procedure, "username ed", env={"SHOWMEHOW_PARAM_PASSWORD": "from-env"})
    assert from_env == {"username": "ed", "password": "from-env"}
    assert missing_parameters(procedure, {"username": "ed"}) == ["password"]


def test_a_value_stops_where_another_parameter_is_named() -> None:
    procedure = _login('Log in as "kanesha"')
    assert bind_parameters(procedure, "Log in as emile with password x", env={}) == {"username": "emile", "password": "x"}


def test_the_settings_name_the_variable_that_holds_a_secret() -> None:
    procedure = _login("Log in to the demo site")  # on 127.0.0.1
    procedure.abstract.domains = ["login.example.org"]
    env = {"SHOWMEHOW_PARAM_PASSWORD": "default", "ANY_SITE": "any", "EXAMPLE": "example", "LOGIN": "login", "OTHER": "other"}
    bind = lambda mapping: bind_parameters(procedure, "username ed", env=env, param_env=mapping)["password"]  # noqa: E731
    assert bind({}) == "default"
    assert bind({"password": "ANY_SITE"}) == "any"
    assert bind({"password": "ANY_SITE", "password@example.org": "EXAMPLE"}) == "example"  # a parent domain
    assert bind({"password@example.org": "EXAMPLE", "password@login.example.org": "LOGIN"}) == "login"  # the most specific
    assert bind({"password@other.org": "OTHER"}) == "default"  # another site's secret never applies
    assert bind({"password": "UNSET"}) == "default"  # a variable that is not set is passed over
    assert (
        bind_parameters(procedure, "username ed password typed", env=env, param_env={"password": "ANY_SITE"})["password"]
        == "typed"
    )
