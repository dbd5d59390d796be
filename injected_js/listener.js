// The recording listener. Runs in an isolated world (page scripts share the DOM, not these objects),
// inside the closure that Python builds around these files, with SMH_CONFIG = {binding, nonce} and
// smhSend, the binding's private reference.
// Only trusted (person-made) events are reported; secret values never leave this closure.

const smhStringify = JSON.stringify;
const smhNow = Date.now.bind(Date);
let smhLastSent = { action: '', at: 0 };

function smhPost(payload, at) {
  payload.nonce = SMH_CONFIG.nonce;
  payload.url = smhRedactUrl(location.href);
  payload.ts = at || smhNow();
  try {
    smhSend(smhStringify(payload));
  } catch (err) {
    // The binding is gone (page closing); nothing else to do.
  }
}

function smhStep(action, el, extra, described) {
  smhBeforeStep(action, el); // a scroll or hover that led to it comes first (gestures.js)
  const at = smhNow();
  smhShadowRootsComplete = false; // the page's own attachShadow calls are out of this world's sight: look again
  const target = described || smhDescribe(el);
  const payload = smhScrubStep(Object.assign({ kind: 'step', action, target, secret: false, value: null }, extra || {}), el);
  if (!payload) return;
  smhSettleAfter(action);
  smhLastSent = { action: action + (payload.value ? ':' + payload.value : ''), at };
  smhPost(payload, at);
}

// After a step (and after a page load), once the page has settled or at the next step, report what it
// shows and, for a click, whether the page changed: replay checks the same, and the last report tells
// what the demonstration ended on.
const SMH_SETTLE_MS = 600;
let smhMutations = 0;
let smhPending = null;

function smhReportAfter() {
  if (!smhPending) return;
  clearTimeout(smhPending.timer);
  const changed = smhPending.click ? smhMutations > 0 : null;
  smhPending = null;
  smhPost(Object.assign({ kind: 'after', changed }, smhShown(), { lines: smhLines(80) }));
}

function smhSettleAfter(action) {
  if (smhPending && (smhPending.click || smhPending.load)) smhReportAfter(); // the next step: report the click's effect, or the page loaded, first
  if (smhPending) clearTimeout(smhPending.timer);
  smhMutations = 0;
  smhPending = { click: action === 'click' || action === 'dblclick', load: action === null };
  smhPending.timer = setTimeout(smhReportAfter, SMH_SETTLE_MS);
}

function smhIsTextEntry(el) {
  if (el.localName === 'textarea') return true;
  if (el.isContentEditable) return true;
  if (el.localName !== 'input') return false;
  const type = (el.getAttribute('type') || 'text').toLowerCase();
  return !['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'range', 'color', 'hidden'].includes(type);
}

function smhToggleTarget(el) {
  // A label whose control is a checkbox, radio or file input: the change event tells the story.
  const control = el.localName === 'label' ? el.control : el;
  if (!control || control.localName !== 'input') return null;
  const type = (control.getAttribute('type') || '').toLowerCase();
  return ['checkbox', 'radio', 'file'].includes(type) ? control : null;
}

// A switch or checkbox drawn with a role (no input): the click turns it on or off, a step on its own element
// that says which, as a ticked checkbox does. Its state flips after this listener runs.
function smhSwitchStep(el) {
  const own = el.closest('[role=switch], [role=checkbox]');
  if (!own || own.localName === 'input') return false;
  const on = own.getAttribute('aria-checked') !== 'true';
  smhStep(on ? 'check' : 'uncheck', own, null, Object.assign(smhDescribe(own), { input_type: 'checkbox' }));
  return true;
}

function smhOnClick(event) {
  if (!event.isTrusted || event.button !== 0) return;
  const pressed = smhPressed;
  smhPressed = null;
  if (smhDragEnding) return; // the release of a drag: the drag step covers it
  let el = smhRetarget(event.composedPath());
  let described = null;
  if (pressed && el !== pressed.el && (!pressed.el.isConnected || el === document.body || el === document.documentElement || (el && el.contains(pressed.el)))) {
    el = pressed.el; // the page removed or replaced it when the pointer went down: the click was meant for it
    described = pressed.described;
  }
  if (!el) return;
  if (event.detail >= 2) return; // the second click of a double click: the dblclick step covers it
  if (event.detail === 0 && smhLastSent.action.startsWith('press:') && smhNow() - smhLastSent.at < 1000) return; // a key activated it
  smhTouched = { el, at: smhNow() };
  const box = smhListBoxOf(event.composedPath()[0]);
  if (box) smhSelectStep(box); // an option of a list box chosen, though it may have been chosen already: no change
  if (el.localName === 'select' || el.localName === 'option' || smhToggleTarget(el)) return;
  if (smhSwitchStep(el)) return;
  if (el.localName === 'label' && el.control && el.control.localName === 'select') return;
  // A click into a text field (or its label) is a click on the field; a fill that follows replaces it.
  if (described) smhStep('click', el, null, described);
  else smhStep('click', el.localName === 'label' && el.control && smhIsTextEntry(el.control) ? el.control : el);
}

// The element the person last touched with mouse or keyboard: a script that changes a select right
// after (a custom dropdown, a test driver) acts for the person.
let smhTouched = { el: null, at: 0 };
const SMH_SCRIPTED_CHANGE_MS = 5000;

// What the pointer went down on, described at that moment: a page that reacts to mousedown or focus
// may remove or replace it before `click` fires (then on a common ancestor, often the body).
let smhPressed = null;

function smhOnPointerDown(event) {
  if (!event.isTrusted) return;
  const el = smhRetarget(event.composedPath());
  smhTouched = { el, at: smhNow() };
  smhPressed = el && event.button === 0 && el !== document.body && el !== document.documentElement ? { el, described: smhDescribe(el) } : null;
  smhGestureDown(event, el);
}

// A pointer that comes up after the page removed what it went down on may fire no click at all.
function smhOnPointerUp(event) {
  if (smhGestureUp(event)) {
    smhPressed = null;
    return;
  }
  const pressed = smhPressed;
  if (!event.isTrusted || !pressed || pressed.el.isConnected) return;
  setTimeout(() => {
    if (smhPressed !== pressed) return; // a click came and took it
    smhPressed = null;
    smhStep('click', pressed.el, null, pressed.described);
  }, 0);
}

function smhOnDblClick(event) {
  if (!event.isTrusted) return;
  const el = smhRetarget(event.composedPath());
  if (el && !smhIsTextEntry(el)) smhStep('dblclick', el);
}

function smhOnInput(event) {
  if (!event.isTrusted) return;
  const el = event.composedPath()[0];
  if (!el || el.nodeType !== Node.ELEMENT_NODE || !smhIsTextEntry(el)) return;
  const value = el.isContentEditable && el.localName !== 'input' && el.localName !== 'textarea' ? el.innerText : el.value;
  const fill = smhFillValue(el, value);
  smhStep('fill', el, fill.secret ? { ...fill, secret_slot: smhSecretSlot(value) } : { ...fill, beside: smhShownBeside(el, value), ...smhReadOff(el, value) });
}

// Where the page shows a typed value as the text of an element (a table cell), the text of the element
// just before it (the cell that names it: "Last name"): the person may have read the value off the page.
function smhShownBeside(field, value) {
  const wanted = (value || '').trim();
  if (wanted.length < 2 || wanted.length > 200 || !document.body || !document.body.textContent.includes(wanted)) return '';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const cell = node.parentElement;
    if (!cell || node.data.trim() !== wanted || cell.contains(field) || field.contains(cell)) continue;
    if (cell.textContent.trim() !== wanted || !cell.getClientRects().length) continue;
    const before = cell.previousElementSibling;
    const name = before ? smhNorm(before.innerText || '') : '';
    if (name && name.length <= 80) return name;
  }
  return '';
}

// Secret values stay in this closure: the page reports only which secret fields hold the same value
// (the same slot), so that a password and its confirmation become one parameter.
const smhSecretSlots = new Map();
const smhSlotPrefix = Math.random().toString(36).slice(2, 8);

function smhSecretSlot(value) {
  if (!value) return null;
  if (!smhSecretSlots.has(value)) smhSecretSlots.set(value, `${smhSlotPrefix}-${smhSecretSlots.size + 1}`);
  return smhSecretSlots.get(value);
}

// A select changed by a script counts when the person had just touched it (or it has the focus).
function smhScriptedSelect(el) {
  if (el.localName !== 'select') return false;
  const recent = smhTouched.el && (smhTouched.el === el || (smhTouched.el.localName === 'label' && smhTouched.el.control === el));
  return (recent && smhNow() - smhTouched.at < SMH_SCRIPTED_CHANGE_MS) || smhDeepActive() === el;
}

function smhDeepActive() {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

// The list box (a `<select>` that shows its options: size above 1, not multiple) whose option was clicked.
function smhListBoxOf(node) {
  const option = node && node.nodeType === Node.ELEMENT_NODE ? node.closest('option') : null;
  const box = option && option.closest('select');
  return box && !box.multiple && box.size > 1 && !box.disabled && option.selected ? box : null;
}

function smhSelectStep(el) {
  const chosen = Array.from(el.selectedOptions);
  const secret = smhIsSecret(el);
  smhStep('select', el, {
    value: secret ? null : chosen.map((o) => smhNorm(o.label || o.text)).join('\n'),
    option_value: secret ? null : chosen.map((o) => o.value).join('\n'),
    secret,
  });
}

function smhOnChange(event) {
  const el = event.composedPath()[0];
  if (!el || el.nodeType !== Node.ELEMENT_NODE) return;
  if (!event.isTrusted && !smhScriptedSelect(el)) return;
  if (el.localName === 'select') {
    smhSelectStep(el);
    return;
  }
  if (el.localName !== 'input') return;
  const type = (el.getAttribute('type') || '').toLowerCase();
  if (type === 'checkbox') smhStep(el.checked ? 'check' : 'uncheck', el);
  else if (type === 'radio' && el.checked) smhStep('check', el);
  else if (type === 'file') smhStep('upload', el, { files: Array.from(el.files || []).map((f) => f.name) });
  else if (type === 'range') smhStep('slide', el, { value: el.value });
}

const SMH_KEYS = new Set(['Enter', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12']);
const SMH_MODIFIERS = new Set(['Control', 'Alt', 'Meta', 'Shift', 'AltGraph', 'CapsLock']);

function smhOnKeyDown(event) {
  if (!event.isTrusted || SMH_MODIFIERS.has(event.key) || event.isComposing) return;
  const shortcut = event.ctrlKey || event.metaKey || event.altKey;
  if (!shortcut && !SMH_KEYS.has(event.key)) return;
  const el = event.composedPath()[0];
  if (!el || el.nodeType !== Node.ELEMENT_NODE) return;
  smhTouched = { el, at: smhNow() };
  if (!shortcut && el.localName === 'select' && event.key !== 'Tab') return; // choosing: the select step covers it
  if (!shortcut && event.key === 'Enter' && (el.localName === 'textarea' || el.isContentEditable)) return; // a line break: part of the fill
  if (smhIsSecret(el) && !SMH_KEYS.has(event.key)) return; // a character typed into a secret field, with AltGr or Option too
  if (smhIsTextEntry(el) && event.key.length === 1 && (event.getModifierState('AltGraph') || (event.ctrlKey && event.altKey))) return; // AltGr typing
  const target = el === document.body || el === document.documentElement ? document.body : el;
  let key = event.key.length === 1 && shortcut ? event.key.toLowerCase() : event.key;
  if (key === ' ') key = 'Space';
  const combo = [event.ctrlKey && 'Control', event.altKey && 'Alt', event.metaKey && 'Meta', event.shiftKey && 'Shift', key].filter(Boolean).join('+');
  smhStep('press', target, { value: combo });
}

function smhOnSubmit(event) {
  if (!event.isTrusted) return;
  const form = event.composedPath()[0];
  const recent = smhNow() - smhLastSent.at < 1000;
  if (recent && (smhLastSent.action === 'click' || smhLastSent.action === 'press:Enter')) return; // caused by that step
  smhStep('submit', form);
}

function smhInstall() {
  const options = { capture: true, passive: true };
  window.addEventListener('pointerdown', smhOnPointerDown, options);
  window.addEventListener('pointerup', smhOnPointerUp, options);
  window.addEventListener('click', smhOnClick, options);
  window.addEventListener('dblclick', smhOnDblClick, options);
  window.addEventListener('input', smhOnInput, options);
  window.addEventListener('change', smhOnChange, options);
  window.addEventListener('keydown', smhOnKeyDown, options);
  window.addEventListener('submit', smhOnSubmit, options);
  smhInstallGestures(options);
  smhWatchSecrets(document);
  new MutationObserver((records) => { smhMutations += records.length; }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  if (window === window.top) window.addEventListener('load', () => { if (!smhPending) smhSettleAfter(null); }, options);
  if (window.navigation) {
    window.navigation.addEventListener('navigate', (event) => {
      if (!event.destination.sameDocument || event.hashChange && event.navigationType === 'replace') return;
      const current = window.navigation.currentEntry ? window.navigation.currentEntry.index : -1;
      const index = { push: current + 1, replace: current }[event.navigationType] ?? event.destination.index;
      smhPost({ kind: 'spa', to: smhRedactUrl(event.destination.url), nav_type: event.navigationType, history_index: index });
    });
  }
  const entry = performance.getEntriesByType('navigation')[0];
  smhPost({
    kind: 'load',
    nav_type: entry ? entry.type : 'navigate',
    history_index: window.navigation && window.navigation.currentEntry ? window.navigation.currentEntry.index : -1,
    top: window === window.top,
  });
}

smhInstall();
