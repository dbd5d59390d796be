import json

from procedures.building.devtools import devtools_import


def test_devtools_import_drops_secret_values_wherever_they_appear() -> None:
    site = "https://shop.example"
    devtools = {
        "title": "Sign in with Dev-t00ls-pw",
        "steps": [
            {"type": "navigate", "url": f"{site}/login?next=%2Fhome&token=tok-ABC123xyz"},
            {"type": "change", "value": "emile", "selectors": [["aria/Username"], ["#user"]]},
            {"type": "change", "value": "Dev-t00ls-pw", "selectors": [["#loginPassword"]]},  # known by its id only
            {"type": "change", "value": "Dev-t00ls-pw", "selectors": [["#again"]]},  # the page copied it here
            {"type": "change", "value": "Reset-c0de-77", "selectors": [["#code"]]},  # secret only by the URL below
            {
                "type": "click",
                "selectors": [["aria/Log in"], ["#go"]],
                "assertedEvents": [
                    {"type": "navigation", "url": f"{site}/home?user=emile&pw=Reset-c0de-77#access_token=a-T0k3n"}
                ],
            },
        ],
    }
    recording, _, _ = devtools_import(json.dumps(devtools))
    text = recording.model_dump_json()
    for secret in ("Dev-t00ls-pw", "tok-ABC123xyz", "Reset-c0de-77", "a-T0k3n"):
        assert secret not in text, secret
    assert recording.title == "Sign in with {value}"  # the placeholder of the parameter the builder makes of the field
    assert [(s.value, s.secret) for s in recording.steps if s.action == "fill"] == [
        ("emile", False),
        (None, True),
        (None, True),
        (None, True),
    ]
    assert recording.steps[0].value == f"{site}/login?next=%2Fhome&token="
