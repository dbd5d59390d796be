"""The third labelled retrieval set (issue 40), written before the code that scores it: look-alike procedures on
one issue tracker that differ by their verb (create, comment, assign, resolve, reopen, delete, search, change) and by
the fields they take (a username and a password, or a password typed twice).

Every procedure shares nouns with the others ("ticket", "issue", "priority", "password"), so a request can only be
told apart by what it asks to do and by the fields it names. The requests are worded as people word them: a task
text of the title's shape with new values, a rewording with another verb, and a request that names the fields it
gives. Unrelated requests on the tracker's own pages must find nothing.

`procedures()` gives key -> Procedure; `REQUESTS` are (text, expected key or None, slice, url).
"""

from __future__ import annotations

from procedures.models import Procedure
from tests.retrieval.labelled_set_2 import Demo, Request, _build, click, fill, nav, press, secret, select

SLICES = ("task-text", "reworded", "fields", "unrelated")

TRACKER = "https://tracker.acme.test"
NEW = f"{TRACKER}/issues/new"
ISSUE = f"{TRACKER}/issues/412"
ISSUES = f"{TRACKER}/issues"
LOGIN = f"{TRACKER}/login"
ACCOUNT = f"{TRACKER}/account/password"
PRIORITIES = ["Low", "Normal", "High", "Urgent"]
PEOPLE = ["Nobody", "ana", "oleg", "tiago", "mei"]
RESOLUTIONS = ["Fixed", "Won't fix", "Duplicate", "Cannot reproduce"]


def _demos() -> list[Demo]:
    return [
        Demo(
            "ticket_create",
            'Open a new ticket titled "Printer on floor 3 jams" with priority High',
            [
                nav(NEW),
                fill(NEW, "Title", "Printer on floor 3 jams", "#title"),
                fill(NEW, "Description", "Paper jams on every second page.", "#description", tag="textarea"),
                select(NEW, "Priority", "High", PRIORITIES, "#priority"),
                select(NEW, "Assignee", "Nobody", PEOPLE, "#assignee"),
                click(NEW, "Create ticket", "#create", navigates_to=f"{TRACKER}/issues/413"),
            ],
            headings=("#413 Printer on floor 3 jams",),
        ),
        Demo(
            "ticket_comment",
            'Comment "Restarted the print spooler" on ticket 412',
            [
                nav(ISSUE),
                fill(ISSUE, "Add a comment", "Restarted the print spooler", "#comment", tag="textarea"),
                click(ISSUE, "Comment", "#add-comment"),
            ],
            headings=("#412 VPN drops every hour",),
        ),
        Demo(
            "ticket_assign",
            "Assign ticket 412 to oleg",
            [
                nav(ISSUE),
                select(ISSUE, "Assignee", "oleg", PEOPLE, "#assignee"),
                click(ISSUE, "Save", "#save"),
            ],
            headings=("#412 VPN drops every hour",),
        ),
        Demo(
            "ticket_resolve",
            'Resolve ticket 412 as "Fixed"',
            [
                nav(ISSUE),
                click(ISSUE, "Resolve", "#resolve"),
                select(ISSUE, "Resolution", "Fixed", RESOLUTIONS, "#resolution"),
                click(ISSUE, "Resolve issue", "#confirm-resolve"),
            ],
            headings=("#412 VPN drops every hour", "Resolved"),
        ),
        Demo(
            "ticket_reopen",
            "Reopen ticket 412",
            [nav(ISSUE), click(ISSUE, "Reopen", "#reopen")],
            headings=("#412 VPN drops every hour", "Open"),
        ),
        Demo(
            "ticket_delete",
            "Delete ticket 412",
            [
                nav(ISSUE),
                click(ISSUE, "Delete", "#delete"),
                click(ISSUE, "Yes, delete it", "#confirm-delete", navigates_to=ISSUES),
            ],
            headings=("Issues",),
        ),
        Demo(
            "ticket_search",
            'Search the tickets for "VPN"',
            [
                nav(ISSUES),
                fill(ISSUES, "Search tickets", "VPN", "#q", input_type="search"),
                press(ISSUES, "Search tickets", "#q", navigates_to=f"{ISSUES}?q=VPN"),
            ],
            headings=("Issues",),
        ),
        Demo(
            "ticket_priority",
            "Change the priority of ticket 412 to Urgent",
            [
                nav(ISSUE),
                select(ISSUE, "Priority", "Urgent", PRIORITIES, "#priority"),
                click(ISSUE, "Save", "#save"),
            ],
            headings=("#412 VPN drops every hour",),
        ),
        Demo(
            "tracker_login",
            'Log in to the tracker as "ana"',
            [
                nav(LOGIN),
                fill(LOGIN, "Username", "ana", "#username"),
                secret(LOGIN, "Password", "#password"),
                click(LOGIN, "Log in", "#login", navigates_to=ISSUES),
            ],
            headings=("Issues",),
        ),
        Demo(
            "tracker_password",
            "Change my tracker password",
            [
                nav(ACCOUNT),
                secret(ACCOUNT, "Current password", "#current", "s1"),
                secret(ACCOUNT, "New password", "#new", "s2"),
                secret(ACCOUNT, "Repeat new password", "#repeat", "s2"),
                click(ACCOUNT, "Update password", "#update"),
            ],
            headings=("Password updated",),
        ),
    ]


def procedures() -> dict[str, Procedure]:
    """The stored procedures, key -> Procedure (each procedure's id is its key). Built fresh on every call."""
    return {demo.key: _build(demo) for demo in _demos()}


_ROWS: dict[str | None, list[tuple[str, str, str | None]]] = {
    "ticket_create": [
        ("task-text", 'Open a new ticket titled "Projector in room B has no signal" with priority Urgent', None),
        ("task-text", 'Open a new ticket titled "Coffee machine leaks" with priority Low', ISSUES),
        ("reworded", "Raise a ticket about the broken projector and give it to oleg", ISSUES),
        ("reworded", 'File a new issue "Wi-Fi slow in the canteen"', None),
        ("reworded", "Open a new ticket about the lift with the comment that it stops between floors", ISSUE),
        (
            "fields",
            'Create an issue with title "Badge reader offline", description "Door 4 stays locked" and priority Normal',
            None,
        ),
    ],
    "ticket_comment": [
        ("task-text", 'Comment "Waiting for the vendor" on ticket 977', None),
        ("task-text", 'Comment "Fixed after the reboot" on ticket 12', ISSUE),
        ("reworded", 'Reply on ticket 88 saying "I can reproduce this"', None),
        ("reworded", 'Leave a note on issue 301: "Logs attached"', ISSUE),
        ("fields", 'Add the comment "Ordered a new toner" to ticket 412', ISSUE),
    ],
    "ticket_assign": [
        ("task-text", "Assign ticket 977 to mei", None),
        ("task-text", "Assign ticket 15 to tiago", ISSUE),
        ("reworded", "Give ticket 230 to oleg", None),
        ("reworded", "Hand issue 64 over to ana", ISSUE),
        ("fields", "Set the assignee of ticket 412 to mei", ISSUE),
    ],
    "ticket_resolve": [
        ("task-text", 'Resolve ticket 977 as "Duplicate"', None),
        ("task-text", 'Resolve ticket 30 as "Won\'t fix"', ISSUE),
        ("reworded", "Close issue 88 as fixed", None),
        ("reworded", "Mark ticket 412 as resolved, it cannot be reproduced", ISSUE),
        ("fields", 'Resolve ticket 51 with resolution "Cannot reproduce"', None),
    ],
    "ticket_reopen": [
        ("task-text", "Reopen ticket 977", None),
        ("task-text", "Reopen ticket 3", ISSUE),
        ("reworded", "Open ticket 88 again, the problem is back", None),
        ("reworded", "Undo the resolution of issue 412", ISSUE),
    ],
    "ticket_delete": [
        ("task-text", "Delete ticket 977", None),
        ("task-text", "Delete ticket 5", ISSUE),
        ("reworded", "Remove issue 230 for good", None),
        ("reworded", "Get rid of ticket 64, it was a test", ISSUE),
    ],
    "ticket_search": [
        ("task-text", 'Search the tickets for "printer"', None),
        ("task-text", 'Search the tickets for "badge"', ISSUES),
        ("reworded", "Find the tickets that mention the projector", None),
        ("reworded", "Look up issues about Wi-Fi", ISSUES),
        ("fields", 'Type "lift" in the ticket search', ISSUES),
    ],
    "ticket_priority": [
        ("task-text", "Change the priority of ticket 977 to Low", None),
        ("task-text", "Change the priority of ticket 31 to High", ISSUE),
        ("reworded", "Make ticket 88 urgent", None),
        ("reworded", "Lower issue 412 to normal priority", ISSUE),
        ("fields", "Set the priority of issue 64 to High", None),
    ],
    "tracker_login": [
        ("task-text", 'Log in to the tracker as "oleg"', None),
        ("task-text", 'Log in to the tracker as "mei"', LOGIN),
        ("reworded", "Sign into the issue tracker as tiago", None),
        ("fields", 'Enter the username "oleg" and the password "hunter2" and press login', LOGIN),
        ("fields", "Log in with username mei and password s3cret", None),
    ],
    "tracker_password": [
        ("task-text", "Change my tracker password", None),
        ("task-text", "Change my tracker password", ACCOUNT),
        ("reworded", "Set a new password for my tracker account", None),
        ("fields", "Replace my current password with a new one, typed twice", ACCOUNT),
    ],
    None: [
        ("unrelated", "Export all tickets as a spreadsheet", ISSUES),
        ("unrelated", "Archive the whole project", ISSUES),
        ("unrelated", "Print this ticket", ISSUE),
        ("unrelated", "How many tickets are open?", ISSUES),
        ("unrelated", "Order new toner for the printer", None),
        ("unrelated", "Book a meeting room for Friday", None),
        ("unrelated", "Invite a new user to the tracker", ISSUES),
        ("unrelated", "Log out of the tracker", ISSUES),
    ],
}

REQUESTS: list[Request] = [Request(text, key, part, url) for key, rows in _ROWS.items() for part, text, url in rows]
