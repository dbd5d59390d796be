import pytest

from agent.secret_scope import ScopedSecret, SecretScope


def test_each_value_goes_to_its_own_site() -> None:
    scope = SecretScope.of(
        [ScopedSecret("password", "forum-pw", ("127.0.0.1",)), ScopedSecret("password", "shop-pw", ("localhost",))],
        start="localhost",
    )
    assert scope.value_for("password", "127.0.0.1") == "forum-pw"
    assert scope.value_for("password", "localhost") == "shop-pw"
    with pytest.raises(ValueError, match="not for evil.test"):
        scope.value_for("password", "evil.test")
    assert scope.values == {"forum-pw", "shop-pw"}


def test_a_value_of_no_site_goes_to_the_start_site_only() -> None:
    scope = SecretScope.of([ScopedSecret("pin", "1234"), ScopedSecret("pin", "")], start="bank.test")
    assert scope.value_for("pin", "www.bank.test") == "1234"
    with pytest.raises(ValueError, match="not for"):
        scope.value_for("pin", "other.test")
    assert SecretScope.of([ScopedSecret("pin", "1234")]).names == ["pin"]
    with pytest.raises(ValueError, match="not for"):
        SecretScope.of([ScopedSecret("pin", "1234")]).value_for("pin", "")


def test_two_values_for_one_site_are_refused() -> None:
    scope = SecretScope.of([ScopedSecret("password", "a-pw", ("site.test",)), ScopedSecret("password", "b-pw", ("site.test",))])
    with pytest.raises(ValueError, match="more than one value"):
        scope.value_for("password", "site.test")
