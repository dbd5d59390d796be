// Gestures beyond clicks and keys, each folded into one step: a drag (pointer press, move and release on
// another place, or HTML5 dragstart and drop), a slider moved by its handle, a hover that revealed what the
// next step uses, and a scroll that brought the next step's element into view or went to the end.
// Runs inside the listener's closure (selectors.js and listener.js's smhStep); only trusted events count.

const SMH_DRAG_PX = 8; // a press that moves this far before its release is a drag, not a click
const SMH_REST_MS = 150; // the pointer stayed this long on an element: it rested there
const SMH_SCROLL_MS = 800; // a scroll this soon after a wheel turn or a scrolling key is the person's
const SMH_SCROLL_KEYS = new Set(['PageDown', 'PageUp', 'End', 'Home', 'ArrowDown', 'ArrowUp', ' ']);
let smhGesture = null; // the press that may become a drag
let smhDragEnding = false; // a drag's release is being handled: the click it fires is part of it
let smhRests = []; // the elements the pointer rested on since the latest step
let smhResting = null;
let smhScrolled = null; // the person's scroll since the latest step
let smhScrollingAt = 0;
let smhScrollStart = new Map(); // box -> its scrollTop when the person began to scroll
let smhReadTo = null; // the text the person scrolled to its end: what they type next may be read off it
const smhMutated = []; // {node, at}: what the page changed lately (a menu a script opened)

function smhIndex(node) {
  return Array.prototype.indexOf.call(node.parentElement ? node.parentElement.children : [], node);
}

function smhChain(el) {
  const chain = [];
  for (let node = el; node && node.parentElement && node !== document.body && chain.length < 5; node = node.parentElement) {
    chain.push({ node, parent: node.parentElement, index: smhIndex(node) });
  }
  return chain;
}

// Elements showing only a number: a slider without a value of its own shows it in one of them.
function smhNumbersShown() {
  const found = new Map();
  if (!document.body) return found;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node && seen < 3000; node = walker.nextNode(), seen += 1) {
    const el = node.parentElement;
    if (el && el.localName !== 'textarea' && /^[-+]?\d+(?:\.\d+)?$/.test(node.data.trim())) found.set(el, node.data.trim());
  }
  return found;
}

function smhBoxSize(el) {
  const box = el ? el.getBoundingClientRect() : null;
  return box ? [box.width, box.height] : [0, 0];
}

function smhGestureDown(event, el) {
  smhGesture = null;
  if (!el || event.button !== 0 || el === document.body || el === document.documentElement) return;
  smhGesture = { el, described: smhDescribe(el), x: event.clientX, y: event.clientY, chain: smhChain(el), numbers: smhNumbersShown(), holder: smhBoxSize(el.parentElement), far: false };
}

function smhOnPointerMove(event) {
  const g = smhGesture;
  if (event.isTrusted && g && !g.far && event.buttons & 1 && Math.hypot(event.clientX - g.x, event.clientY - g.y) >= SMH_DRAG_PX) g.far = true;
}

// What the pointer was released over, and where in it: the topmost element that is neither the dragged one
// (or inside it) nor holds it. None when the drag resized what holds it (a resize handle): then only the move counts.
function smhDropPoint(g, x, y) {
  const [width, height] = smhBoxSize(g.el.parentElement);
  if (Math.abs(width - g.holder[0]) > 2 || Math.abs(height - g.holder[1]) > 2) return null;
  for (const el of document.elementsFromPoint(x, y)) {
    if (g.el.contains(el) || el.contains(g.el)) continue;
    const box = el.getBoundingClientRect();
    return box.width && box.height ? { el, at: [(x - box.left) / box.width, (y - box.top) / box.height] } : null;
  }
  return null;
}

// A pointer released after a drag: true when it was one (the click it fires is part of it).
function smhGestureUp(event) {
  const g = smhGesture;
  smhGesture = null;
  if (!event.isTrusted || !g || !g.far) return false;
  smhDragEnding = true;
  setTimeout(() => { smhDragEnding = false; }, 0); // after the click that the same release fires
  const dropped = smhDropPoint(g, event.clientX, event.clientY);
  setTimeout(() => smhDragDone(g, event.clientX, event.clientY, dropped), 0); // once the page has put things in place
  return true;
}

function smhCommonDepth(a, b) {
  let node = a;
  let up = 0;
  while (node && !node.contains(b)) { node = node.parentElement; up += 1; }
  return node && node !== document.body && node !== document.documentElement ? up : Infinity;
}

// A handle that moved a slider: its value (aria-valuenow), or the number shown near it that the drag changed.
function smhSliderOf(g) {
  const aria = g.el.closest('[role=slider]');
  if (aria && aria.getAttribute('aria-valuenow') !== null) return { el: aria, value: aria.getAttribute('aria-valuenow'), shows: null };
  let best = null;
  for (const [shows, text] of smhNumbersShown()) {
    if (!g.numbers.has(shows) || g.numbers.get(shows) === text) continue;
    const up = smhCommonDepth(g.el, shows);
    if (up <= 3 && (!best || up < best.up)) best = { el: g.el, value: text, shows, up };
  }
  return best;
}

function smhItemTexts(list) {
  return Array.from(list.children).slice(0, 50).map((c) => smhNorm(c.innerText || c.textContent || '').slice(0, 200));
}

// The list a moved item went into, described as a person names it: the nearest holder named by an
// aria-label or by the heading it starts with (a board's column), found by that name.
function smhNamedHolder(list) {
  for (let node = list, up = 0; node && node !== document.body && up < 4; node = node.parentElement, up += 1) {
    const heading = node.firstElementChild && /^(h[1-6]|legend)$/.test(node.firstElementChild.localName) ? node.firstElementChild : null;
    const name = node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby') ? smhAccessibleName(node, smhImplicitRole(node)) : heading ? smhNorm(heading.innerText) : '';
    if (!name) continue;
    const described = smhDescribe(node);
    described.label = name.slice(0, 200);
    if (!described.selectors.some((s) => s.includes(smhQuote(name)))) described.selectors.unshift(heading ? `${node.localName}:has(> ${heading.localName}:text-is(${smhQuote(name)}))` : `${node.localName}[aria-label=${smhQuote(name)}]`);
    return described;
  }
  return smhDescribe(list);
}

// A list described by where it is, not by its text (its items' texts, in the order of the moment).
function smhUnnamed(described) {
  const kept = described.selectors.filter((s) => !/internal:(?:has-)?text=/.test(s));
  return Object.assign(described, { label: '', selectors: kept.length ? kept : described.selectors.slice(-1) });
}

// The slider moved last: arrow keys on its handle move it on, and its number is read again after each.
let smhLastSlider = null;

function smhSlid(slider) {
  smhLastSlider = slider;
  smhStep('slide', slider.el, { value: slider.value, to: slider.shows ? smhDescribe(slider.shows) : null });
}

function smhOnSliderKey(event) {
  const slider = smhLastSlider;
  if (!event.isTrusted || !slider || !slider.el.isConnected || !slider.el.contains(event.composedPath()[0])) return;
  setTimeout(() => {
    const value = slider.shows ? smhNorm(slider.shows.textContent) : slider.el.getAttribute('aria-valuenow');
    if (value !== null && value !== slider.value && /^[-+]?\d+(?:\.\d+)?$/.test(value)) smhSlid(Object.assign({}, slider, { value }));
  }, 0);
}

function smhDragDone(g, x, y, dropped) {
  const offset = [Math.round(x - g.x), Math.round(y - g.y)];
  if (g.el.localName === 'input' && (g.el.getAttribute('type') || '').toLowerCase() === 'range') return; // its change event tells
  const moved = g.chain.find((c) => c.node.isConnected && (c.node.parentElement !== c.parent || smhIndex(c.node) !== c.index));
  if (moved) {
    const list = moved.node.parentElement;
    const to = list !== moved.parent ? smhNamedHolder(list) : smhUnnamed(smhDescribe(list));
    smhStep('drag', moved.node, { to, offset, place: smhIndex(moved.node) + 1, was: moved.index + 1, order: smhItemTexts(list) });
    return;
  }
  const slider = g.el.isConnected ? smhSliderOf(g) : null;
  if (slider) {
    smhSlid(slider);
    return;
  }
  const target = dropped && dropped.el.isConnected ? dropped : null;
  const extra = { offset, to: target ? smhDescribe(target.el) : null, at: target ? target.at : [] };
  if (g.el.isConnected) smhStep('drag', g.el, extra);
  else smhStep('drag', g.el, extra, g.described);
}

// HTML5 drag and drop: the pointer events stop at dragstart; the drop says where it went.
let smhNativeDrag = null;

function smhOnDragStart(event) {
  if (!event.isTrusted) return;
  const el = smhRetarget(event.composedPath());
  const g = smhGesture && smhGesture.el && el && el.contains(smhGesture.el) ? smhGesture : null;
  smhGesture = null;
  if (!el) return;
  smhNativeDrag = { el, described: smhDescribe(el), x: g ? g.x : event.clientX, y: g ? g.y : event.clientY, chain: smhChain(el), numbers: new Map(), holder: smhBoxSize(el.parentElement), dropped: null };
}

function smhOnDrop(event) {
  if (!event.isTrusted || !smhNativeDrag) return;
  const el = event.composedPath().find((node) => node.nodeType === Node.ELEMENT_NODE);
  const box = el ? el.getBoundingClientRect() : null;
  smhNativeDrag.dropped = el && box.width && box.height ? { el, at: [(event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height], x: event.clientX, y: event.clientY } : null;
}

function smhOnDragEnd(event) {
  const g = smhNativeDrag;
  smhNativeDrag = null;
  if (!event.isTrusted || !g || !g.dropped) return;
  smhDragDone(g, g.dropped.x, g.dropped.y, g.dropped); // the page's drop handlers have run
}

// Hovers: where the pointer rested, and whether resting there showed the element the next step uses.
function smhOnPointerOver(event) {
  if (!event.isTrusted || event.buttons) return;
  const el = smhRetarget(event.composedPath());
  if (!el || (smhResting && smhResting.el === el)) return;
  const now = smhNow();
  if (smhResting && now - smhResting.at >= SMH_REST_MS) {
    smhResting.until = now;
    smhRests = smhRests.slice(-9).concat([smhResting]);
  }
  smhResting = { el, at: now, until: Infinity, described: null, scrolled: now - smhScrollingAt < SMH_SCROLL_MS };
  setTimeout(() => { if (smhResting && smhResting.el === el && el.isConnected) smhResting.described = smhDescribe(el); }, SMH_REST_MS);
}

function smhHoverRules() {
  const rules = [];
  for (const sheet of document.styleSheets) {
    let list = [];
    try { list = sheet.cssRules; } catch (err) { continue; } // another origin's sheet
    for (const rule of list) {
      const showing = rule.style && (rule.style.display || rule.style.visibility || rule.style.opacity);
      if (showing && rule.selectorText && rule.selectorText.includes(':hover')) rules.push(...rule.selectorText.split(',').filter((s) => s.includes(':hover')));
    }
  }
  return rules;
}

function smhShownByHover(target, holder, rules) {
  for (let node = target; node && node !== holder; node = node.parentElement) {
    if (rules.some((css) => { try { return node.matches(css); } catch (err) { return false; } })) return true;
  }
  return false;
}

function smhRevealed(rest, target, rules) {
  const el = rest.el;
  if (!el.isConnected || !rest.described || rest.scrolled || el === target || el.contains(target) || target.contains(el)) return false;
  const until = Math.min(rest.until, rest.pressedAt ?? Infinity); // what a press on it changed, the press revealed
  const changed = smhMutated.some((m) => m.at >= rest.at && m.at <= until && m.node !== document.body && m.node !== document.documentElement && m.node.contains(target));
  const holder = el.parentElement;
  return changed || (!!holder && holder !== document.body && holder.contains(target) && smhShownByHover(target, holder, rules));
}

function smhOnScrollKey(event) {
  if (event.isTrusted && SMH_SCROLL_KEYS.has(event.key) && !smhIsTextEntry(event.composedPath()[0])) smhScrollingAt = smhNow();
}

function smhOnWheel(event) {
  if (!event.isTrusted) return;
  smhScrollingAt = smhNow();
  if (smhResting) smhResting.scrolled = true; // what passes under a still pointer while the page scrolls is no hover
  if (smhScrolled) return;
  for (let node = event.composedPath()[0]; node && node.nodeType === Node.ELEMENT_NODE; node = node.parentElement) {
    if (!smhScrollStart.has(node)) smhScrollStart.set(node, node.scrollTop);
  }
}

function smhOnScroll(event) {
  if (smhNow() - smhScrollingAt > SMH_SCROLL_MS) return;
  const box = event.target === document ? document.scrollingElement : event.target;
  if (!box || box.nodeType !== Node.ELEMENT_NODE) return;
  if (!smhScrolled || smhScrolled.box !== box) {
    smhScrolled = { box, start: smhScrollStart.has(box) ? smhScrollStart.get(box) : box.scrollTop, height: box.scrollHeight };
  }
}

// A scroll before a step: to the step's element when it was out of sight, else to the end when it got there.
function smhScrollStep(s, target) {
  const box = s.box;
  const whole = box === document.scrollingElement;
  const shown = whole ? document.body : box;
  if (target && target !== box && (whole || box.contains(target))) {
    const top = target.getBoundingClientRect().top - (whole ? 0 : box.getBoundingClientRect().top) + box.scrollTop;
    const seen = whole ? window.innerHeight : box.clientHeight;
    if (top < s.start - 1 || top >= s.start + seen) {
      smhStep('scroll', shown, { to: smhDescribe(target) }, smhUnnamed(smhDescribe(shown)));
      return;
    }
  }
  if (box.scrollTop + box.clientHeight >= box.scrollHeight - 2 || box.scrollHeight > s.height + 2) {
    smhReadTo = shown;
    smhStep('scroll', shown, { value: 'end' }, smhUnnamed(smhDescribe(shown)));
  }
}

// A typed value that is the last word of a text the person read to its end (scrolled there, or a text
// area's text of a few words or more): read off it.
function smhReadOff(field, value) {
  const typed = (value || '').replace(/[^\p{L}\p{N}]/gu, '');
  const boxes = [smhReadTo, ...Array.from(document.querySelectorAll('textarea')).slice(0, 20)];
  for (const box of boxes) {
    if (!typed || !box || !box.isConnected || box.contains(field) || field.contains(box)) continue;
    const text = box.localName === 'textarea' || box.localName === 'input' ? box.value : box.innerText;
    const words = (text || '').split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
    if (words.length >= 5 && words[words.length - 1] === typed) return { to: smhUnnamed(smhDescribe(box)), read_word: 'last' };
  }
  return {};
}

// Called by smhStep before any other step is sent: the scroll and the hovers that led to it come first.
function smhBeforeStep(action, el) {
  if (['drag', 'slide', 'hover', 'scroll'].includes(action)) return;
  const scrolled = smhScrolled;
  const rests = smhRests.concat(smhResting && smhResting.el !== el ? [smhResting] : []);
  smhScrolled = null;
  smhScrollStart = new Map();
  smhRests = [];
  if (scrolled && scrolled.box.isConnected) smhScrollStep(scrolled, el);
  if (!el || !rests.length) return;
  const rules = smhHoverRules();
  const seen = new Set();
  for (const rest of rests) {
    if (!seen.has(rest.el) && smhRevealed(rest, el, rules)) smhStep('hover', rest.el, null, rest.described);
    seen.add(rest.el);
  }
}

function smhInstallGestures(options) {
  window.addEventListener('pointermove', smhOnPointerMove, options);
  window.addEventListener('pointerover', smhOnPointerOver, options);
  window.addEventListener('pointercancel', () => { smhGesture = null; }, options);
  window.addEventListener('pointerdown', (event) => {
    if (event.isTrusted && smhResting && smhResting.el.contains(event.composedPath()[0])) smhResting.pressedAt ??= smhNow();
  }, options);
  window.addEventListener('dragstart', smhOnDragStart, options);
  window.addEventListener('drop', smhOnDrop, options);
  window.addEventListener('dragend', smhOnDragEnd, options);
  window.addEventListener('wheel', smhOnWheel, options);
  window.addEventListener('keydown', smhOnScrollKey, options);
  window.addEventListener('keyup', smhOnSliderKey, options);
  window.addEventListener('scroll', smhOnScroll, options);
  new MutationObserver((records) => {
    const at = smhNow();
    for (const record of records) {
      const nodes = record.type === 'childList' ? Array.from(record.addedNodes) : [record.target];
      for (const node of nodes) if (node.nodeType === Node.ELEMENT_NODE) smhMutated.push({ node, at });
    }
    if (smhMutated.length > 500) smhMutated.splice(0, smhMutated.length - 500);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'aria-expanded'] });
}
