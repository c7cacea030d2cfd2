"""axe-core in the browser tests: injects the engine that the PyPI package `axe-selenium-python`
bundles (no CDN: the file is read from the venv and run with execute_script), runs it on the
page as it is now, and words each violation so a failure explains itself.

- `axe_violations(driver)`: the violations axe finds on the whole document now, as `Violation`s.
- `describe(violations)`: one line per rule and element: impact, rule, the element's selector, why.

The rules run are axe's default set (every rule but the experimental ones, all impacts): the
WCAG 2.0/2.1/2.2 A and AA rules and the best practices, `color-contrast`, `aria-allowed-role`,
`aria-allowed-attr` and `autocomplete-valid` among them.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

import pytest


def axe_script_path() -> Path:
    """The axe.min.js that axe-selenium-python ships (node_modules/axe-core inside the package),
    or the file $CHECKLISTS_AXE_JS names (to try another axe-core release)."""
    if os.environ.get("CHECKLISTS_AXE_JS"):
        return Path(os.environ["CHECKLISTS_AXE_JS"])
    spec = importlib.util.find_spec("axe_selenium_python")
    if spec is None or not spec.origin:
        pytest.fail("axe-selenium-python is not installed in this venv: run scripts/setup "
                    "(it installs the version pinned in e2e/requirements.txt).", pytrace=False)
    path = Path(spec.origin).parent / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        pytest.fail(f"axe-selenium-python has no bundled axe-core at {path}", pytrace=False)
    return path


_SCRIPT: str | None = None


def _axe_source() -> str:
    global _SCRIPT
    if _SCRIPT is None:
        _SCRIPT = axe_script_path().read_text(encoding="utf-8")
    return _SCRIPT


# Runs axe on the document and hands back only what a report needs (the full results are
# large). Colour-contrast needs the page painted: wait two frames and for running animations.
RUN = """
const done = arguments[arguments.length - 1];
const options = arguments[0];
(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))),
                      new Promise((r) => setTimeout(r, 2000))]);
  const results = await axe.run(document, options);
  return {
    version: axe.version,
    violations: results.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(" "),
        html: n.html.slice(0, 160),
        summary: n.failureSummary || "",
      })),
    })),
  };
})().then(done, (error) => done({ error: String(error && error.stack || error) }));
"""

OPTIONS = {
    "resultTypes": ["violations"],
    # Every rule axe runs by default (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa,
    # best-practice), whatever their impact.
}


@dataclass
class Violation:
    rule: str
    impact: str
    help: str
    target: str
    html: str
    summary: str

    def line(self) -> str:
        why = " ".join(self.summary.split())
        return f"{self.impact:9} {self.rule}: {self.target}  {self.html}  — {why}"


# The rules whose outcome depends on colours alone: all a change of colour scheme can alter
# when the dark scheme only redefines colours (app.css's prefers-color-scheme blocks set custom
# properties and nothing else).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_violations(driver, only: list[str] | None = None) -> list[Violation]:
    """Injects axe-core once per page and returns what it finds on the document now: with every
    default rule, or with `only` these rules."""
    if not driver.execute_script("return typeof window.axe === 'object' && !!window.axe.run"):
        driver.execute_script(_axe_source())
    options = dict(OPTIONS, runOnly={"type": "rule", "values": only}) if only else OPTIONS
    result = driver.execute_async_script(RUN, options)
    if "error" in result:
        raise AssertionError(f"axe.run failed: {result['error']}")
    driver.axe_version = result["version"]
    return [
        Violation(v["id"], v["impact"] or "", v["help"], n["target"], n["html"], n["summary"])
        for v in result["violations"]
        for n in v["nodes"]
    ]


def describe(violations: list[Violation]) -> str:
    return "\n".join(v.line() for v in violations)
