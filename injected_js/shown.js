// What a page shows a person: its visible headings, alerts and status messages, as short texts.
// The recorder keeps them to learn what the demonstration's last steps led to.

function smhVisibleTexts(selector) {
  const texts = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.checkVisibility ? !el.checkVisibility() : el.offsetParent === null) continue;
    const text = smhNorm(el.innerText).slice(0, 300);
    if (text && !texts.includes(text)) texts.push(text);
    if (texts.length >= 10) break;
  }
  return texts;
}

// The lines of visible text a page shows (a summary's "Notes" and "call first"), the options of its
// lists left out: what a value check may look for.
function smhLines(limit) {
  const options = new Set(Array.from(document.querySelectorAll('option')).map((o) => smhNorm(o.text)));
  const lines = [];
  for (const raw of ((document.body && document.body.innerText) || '').split('\n')) {
    const line = smhNorm(raw).slice(0, 300);
    if (line && !options.has(line)) lines.push(line);
    if (lines.length >= limit) break;
  }
  return lines;
}

function smhShown() {
  return {
    headings: smhVisibleTexts('h1,h2,h3,[role=heading]'),
    alerts: smhVisibleTexts('[role=alert],[role=alertdialog]'),
    messages: smhVisibleTexts('[role=status],output,[aria-live=polite],[aria-live=assertive]'),
  };
}
