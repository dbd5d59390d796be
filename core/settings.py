"""The data directory and the user's settings, saved as settings.json there."""

from __future__ import annotations

import getpass
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import parse_qsl, urlsplit

import platformdirs
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from core.errors import ShowMeHowError, describe_error

SETTINGS_FILE = "settings.json"


def _parameter_key(key: str) -> str:
    if not re.fullmatch(r"\w+(@[\w.-]+)?", key):
        raise ValueError("keys are a parameter's name, or NAME@SITE for one site and its subdomains")
    return key


def _variable_name(name: str) -> str:
    """A variable's name, so that a password or key typed here by mistake is refused (and never echoed):
    letters, digits and _, and not shaped like a key (long, mixing lower case and digits)."""
    looks_like_key = len(name) >= 20 and re.search(r"[a-z]", name) and re.search(r"\d", name)
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,99}", name) or looks_like_key:
        raise ValueError("this is the name of an environment variable (like OPENAI_API_KEY), never the secret itself")
    return name


VariableName = Annotated[str, AfterValidator(_variable_name)]
TEAM_SCHEMES = ("postgresql", "postgres")


PASSWORD_KEYS = frozenset(["password", "sslpassword"])  # libpq's parameters that hold a password
NO_PASSWORD = "give the password through PGPASSWORD or ~/.pgpass, never in the store's URL"


def _store_url(url: str) -> str:
    """A team store's address: a postgresql:// URL without a password, neither as user:password@ nor as a
    `?password=` parameter (libpq reads it from PGPASSWORD or ~/.pgpass, so that it never lands in the settings
    file, a process list or a shell's history)."""
    parts = urlsplit(url)
    if parts.scheme not in TEAM_SCHEMES:
        raise ValueError("the store is empty (the local SQLite file) or a postgresql:// URL")
    keys = {key.strip().lower() for key, _ in parse_qsl(parts.query, keep_blank_values=True)}
    if "@" in parts.netloc and ":" in parts.netloc.rsplit("@", 1)[0] or keys & PASSWORD_KEYS:
        raise ValueError(NO_PASSWORD)
    return url


def check_store_url(url: str) -> str:
    """A team store's URL, refused (a ShowMeHowError that does not repeat it) when it holds a password."""
    try:
        return _store_url(url)
    except ValueError as exc:
        raise ShowMeHowError(f"invalid store {urlsplit(url).scheme}://{urlsplit(url).hostname or ''}: {exc}") from exc


class Settings(BaseModel):
    """Everything a user can configure; `showmehow config set KEY VALUE` edits it."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    model: str | None = Field(None, description="litellm model name, e.g. openai/gpt-4o-mini; empty: no LLM")
    api_base: str | None = Field(None, description="base URL of an OpenAI-compatible server")
    embedding_model: str | None = Field(
        None, description="litellm embedding model for retrieval, e.g. openai/text-embedding-3-small; empty: words only"
    )
    api_key_env: VariableName = Field("OPENAI_API_KEY", description="name of the environment variable that holds the API key")
    chromium_path: str | None = Field(None, description="path to the Chromium executable")
    token_budget: int = Field(2000, ge=100, le=200_000, description="token budget of <procedural_memory>")
    approval_policy: Literal["always", "never", "unknown_sites"] = Field(
        "always", description="when risky agent actions need approval"
    )
    min_score: float = Field(0.4, ge=0.0, le=1.0, description="minimum retrieval score")
    revision_auto_accept: int = Field(
        0, ge=0, description="accept a revision learned from runs by itself after this many verified runs of it; 0: always ask"
    )
    learned_auto_accept: int = Field(
        0,
        ge=0,
        description="accept a procedure learned from agent runs by itself after this many verified runs taught it; 0: always ask",
    )
    mcp_max_runs: int = Field(
        2, ge=1, le=16, description="runs the MCP server (`showmehow mcp`) plays at once, each in a browser of its own; more wait"
    )
    llm_timeout: float = Field(60.0, gt=0, description="seconds before an LLM call is abandoned")
    store: Annotated[str, AfterValidator(_store_url)] | None = Field(
        None,
        description="where procedures live: empty for the local SQLite file, or a postgresql:// URL of a team store "
        "(SHOWMEHOW_STORE overrides it)",
    )
    user: str | None = Field(
        None, max_length=100, description="who records, edits and runs procedures in a team store; empty: the OS user name"
    )
    param_env: dict[Annotated[str, AfterValidator(_parameter_key)], VariableName] = Field(
        default_factory=dict,
        description='where parameter values (passwords above all) come from: {"password@example.org": "EXAMPLE_PASSWORD"}, '
        "a parameter name, optionally @ a site, to the environment variable that holds its value; values are never stored",
    )


def data_dir() -> Path:
    """`SHOWMEHOW_HOME`, else the platform's user data directory; created and checked writable."""
    home = Path(os.environ.get("SHOWMEHOW_HOME") or platformdirs.user_data_dir("showmehow"))
    try:
        home.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=home):
            pass
    except OSError as exc:
        raise ShowMeHowError(
            f"cannot write the data directory {home}: {exc.strerror or exc}; set SHOWMEHOW_HOME to a writable folder"
        ) from exc
    return home


def store_location(settings: Settings | None = None) -> str | None:
    """The team store's URL (`SHOWMEHOW_STORE`, else the `store` setting), or None for the local SQLite file."""
    url = os.environ.get("SHOWMEHOW_STORE") or (settings or load_settings()).store
    return check_store_url(url) if url else None


def user_name(settings: Settings | None = None) -> str:
    """Who acts: the `user` setting, else the OS user name."""
    return (settings or load_settings()).user or getpass.getuser()


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that readers see the old or the new content, never half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_settings(home: Path | None = None) -> Settings:
    path = (home or data_dir()) / SETTINGS_FILE
    if not path.exists():
        return Settings()
    try:
        return Settings.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, ValueError) as exc:
        raise ShowMeHowError(f"{path} is not a valid settings file ({describe_error(exc)}); fix or delete it") from exc


def save_settings(settings: Settings, home: Path | None = None) -> Path:
    path = (home or data_dir()) / SETTINGS_FILE
    atomic_write_text(path, settings.model_dump_json(indent=2) + "\n")
    return path


def set_setting(key: str, value: str, home: Path | None = None) -> Settings:
    """Validate and save one setting given as text; an empty value resets it to its default."""
    if key not in Settings.model_fields:
        raise ShowMeHowError(f"unknown setting {key!r}; known settings: {', '.join(Settings.model_fields)}")
    current = load_settings(home).model_dump()
    if value == "":
        current.pop(key)
    else:
        current[key] = _parse_value(value)
    try:
        settings = Settings.model_validate(current)
    except ValidationError as exc:
        raise ShowMeHowError(f"invalid value for {key}: {describe_error(exc)}") from exc
    save_settings(settings, home)
    return settings


def _parse_value(value: str) -> object:
    try:
        parsed = json.loads(value)
    except ValueError:
        return value
    return parsed if isinstance(parsed, (int, float, dict)) and not isinstance(parsed, bool) else value
