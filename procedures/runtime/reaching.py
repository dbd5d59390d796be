"""Where a run may act: a step's destination, the page it acts on, the origins its secrets go to and the files
it uploads, each checked before the step acts (the Reach the run was given).

Part of procedures.runtime, carried verbatim by exported scripts: it imports only the standard library, Playwright and
the runtime modules before it.
"""

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from core.urls import origin_of
from procedures.runtime.placeholders import PLACEHOLDER, placeholders
from procedures.runtime.stepping import PlayerBase, StepFailed, describe_step, plain_error, set_in_place
from procedures.runtime.steps import Step


class Reaching(PlayerBase):
    """The Player's part that keeps a run within its reach."""

    def _check_destination(self, index: int, step: Step, url: str) -> None:
        assert self.reach is not None
        if not self.reach.allows_scheme(url):
            raise StepFailed(index, f"step {index + 1} ({describe_step(step)}) refused: replay opens only http and https pages")
        if not self.reach.allows(url, "open"):
            raise StepFailed(
                index, f"step {index + 1} ({describe_step(step)}) refused: {origin_of(url)} is not where it was recorded"
            )

    def _check_where(self, index: int, step: Step, url: str) -> None:
        """A step acts only on the procedure's own origins (a page that led elsewhere is asked about)."""
        assert self.reach is not None
        if url.startswith("about:"):
            return  # a new tab that nothing has loaded yet
        if not self.reach.allows_scheme(url) or not self.reach.allows(url, "act on"):
            raise StepFailed(
                index,
                f"step {index + 1} ({describe_step(step)}) refused: the page is on {origin_of(url) or url}, not where it was recorded",
            )

    def _secrets_of(self, step: Step) -> list[str]:
        """The secret parameters that the step's values use."""
        if self.reach is None:
            return []
        texts = [step.get("value"), step.get("option_value"), *(step.get("files") or [])]
        return sorted(set().union(*(placeholders(t) for t in texts)) & set(self.reach.secrets))

    def _check_secrets(self, index: int, step: Step, url: str) -> None:
        """A secret goes only to the origin its value is bound to, checked where the browser is now."""
        reach = self.reach
        assert reach is not None
        for name in self._secrets_of(step):
            if reach.may_use is None or not reach.may_use(name, url):
                raise StepFailed(
                    index, f"step {index + 1} ({describe_step(step)}) refused: {{{name}}} is not for {origin_of(url) or url}"
                )

    def _fill_secret(self, index: int, step: Step, locator: Locator, value: str) -> None:
        """A secret goes into the one element found, in its own document (`set_in_place`): the element's
        frame is checked when the value is set, and a navigation of that frame before then ends the step."""

        def checked(url: str) -> str:
            reach = self.reach
            if reach is not None and not (reach.allows_scheme(url) and reach.allows(url, "type a secret on")):
                raise StepFailed(
                    index, f"step {index + 1} ({describe_step(step)}) refused: the field is on {origin_of(url) or url}"
                )
            self._check_secrets(index, step, url)
            return value

        try:
            filled = set_in_place(locator, checked, self.timeout_ms)
        except PlaywrightError as exc:
            raise StepFailed(
                index,
                f"step {index + 1} ({describe_step(step)}) stopped: the field went away before the secret was typed ({plain_error(exc)})",
            ) from exc
        if not filled:
            raise StepFailed(index, f"step {index + 1} ({describe_step(step)}): the element is not a text field")

    def _upload_files(self, index: int, step: Step, page: Page) -> list[str]:
        """Files named by parameters given at run time, never by the procedure, and only with approval."""
        entries = [f.strip() for f in step["value"].split(",")] if step.get("value") else list(step.get("files") or [])
        if not entries or not all(PLACEHOLDER.fullmatch(entry) and placeholders(entry) for entry in entries):
            raise StepFailed(
                index, f"step {index + 1} ({describe_step(step)}) refused: files to upload come only from parameters"
            )
        files = [self._text(entry) for entry in entries]
        assert self.reach is not None
        question = f"upload {', '.join(files)} to {origin_of(page.url) or page.url}"
        if self.reach.ask is None or not self.reach.ask(question):
            raise StepFailed(index, f"step {index + 1} ({describe_step(step)}) refused: nobody approved to {question}")
        return files
