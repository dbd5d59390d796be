// Selector generation: ranked candidates for an element, as Playwright's codegen ranks them,
// each checked to match exactly that element in its document (open shadow roots included).
// Defines smhDescribe(element) -> {selectors, label, field, tag, input_type, ...}.

const SMH_MAX_TEXT = 80;
const SMH_INTERACTIVE =
  'button, a[href], [role=button], [role=link], [role=menuitem], [role=tab], [role=option], ' +
  '[role=checkbox], [role=radio], [role=switch], input, select, textarea, summary, label, [contenteditable=""], [contenteditable=true]';

function smhNorm(text) {
  return (text || '').replace(/[\s\u200b]+/g, ' ').trim();
}

function smhQuote(text) {
  return JSON.stringify(text);
}

function smhCssEscape(text) {
  return CSS.escape(text);
}

// Open shadow roots of this document. The listener fills it as pages attach them; without the
// listener (a standalone describe) one walk of the document finds them.
const smhShadowRoots = new Set();
let smhShadowRootsComplete = false;

function smhAllShadowRoots(doc) {
  if (!smhShadowRootsComplete) {
    for (const el of doc.querySelectorAll('*')) {
      if (el.shadowRoot) {
        smhShadowRoots.add(el.shadowRoot);
        smhDeepElements(el.shadowRoot);
      }
    }
    smhShadowRootsComplete = true;
  }
  return Array.from(smhShadowRoots).filter((root) => root.host && root.host.isConnected);
}

// Every element under root, descending into open shadow roots (after their host).
function smhDeepElements(root) {
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    out.push(el);
    if (el.shadowRoot) {
      smhShadowRoots.add(el.shadowRoot);
      out.push(...smhDeepElements(el.shadowRoot));
    }
  }
  return out;
}

// Elements matching a CSS selector in root and in every open shadow root inside it.
function smhQueryDeep(root, css) {
  const doc = root.ownerDocument || root;
  const scopes = [root, ...smhAllShadowRoots(doc).filter((shadow) => shadow !== root && (root === doc || root.contains(shadow.host)))];
  if (root.shadowRoot && !scopes.includes(root.shadowRoot)) scopes.push(root.shadowRoot);
  const out = [];
  for (const scope of scopes) out.push(...scope.querySelectorAll(css));
  return out;
}

function smhParent(el) {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

function smhImplicitRole(el) {
  const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = el.localName;
  switch (tag) {
    case 'a': case 'area': return el.hasAttribute('href') ? 'link' : '';
    case 'button': return 'button';
    case 'summary': return 'button';
    case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    case 'textarea': return 'textbox';
    case 'option': return 'option';
    case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'input': {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      if (['text', 'email', 'tel', 'url', 'password', ''].includes(type)) return el.hasAttribute('list') ? 'combobox' : 'textbox';
      return '';
    }
    default: return '';
  }
}

const SMH_NAME_FROM_CONTENT = new Set(['button', 'link', 'heading', 'menuitem', 'tab', 'option', 'checkbox', 'radio', 'switch', 'cell', 'treeitem']);
const SMH_BLOCK = new Set(['block', 'flex', 'grid', 'list-item', 'table', 'table-cell', 'table-row']);

// Text of a subtree as an accessible name computes it: text nodes, image alt, spaces around blocks.
function smhSubtreeText(node) {
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      text += child.data;
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      if (child.getAttribute('aria-hidden') === 'true' || ['script', 'style', 'template', 'noscript'].includes(child.localName)) continue;
      const style = getComputedStyle(child);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      let inner;
      if (child.hasAttribute('aria-label')) inner = child.getAttribute('aria-label');
      else if (child.localName === 'img' || child.localName === 'area') inner = child.getAttribute('alt') || '';
      else inner = smhSubtreeText(child.shadowRoot || child);
      text += SMH_BLOCK.has(style.display) ? ` ${inner} ` : inner;
    }
  }
  return text;
}

// Label texts by control, built once per describe: el.labels costs a document scan per element.
let smhLabelMap = null;

function smhLabelText(el) {
  if (!smhLabelMap) {
    smhLabelMap = new Map();
    for (const label of smhQueryDeep(el.ownerDocument, 'label')) {
      const control = label.control;
      if (control) smhLabelMap.set(control, smhNorm(`${smhLabelMap.get(control) || ''} ${smhSubtreeText(label)}`));
    }
  }
  return smhLabelMap.get(el) || '';
}

function smhAccessibleName(el, role) {
  const labelledby = el.getAttribute('aria-labelledby');
  if (labelledby) {
    const root = el.getRootNode();
    const text = labelledby.split(/\s+/).map((id) => root.getElementById && root.getElementById(id)).filter(Boolean)
      .map((ref) => smhSubtreeText(ref)).join(' ');
    if (smhNorm(text)) return smhNorm(text);
  }
  const aria = smhNorm(el.getAttribute('aria-label'));
  if (aria) return aria;
  if (el.localName === 'input') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (['button', 'submit', 'reset'].includes(type)) {
      return smhNorm(el.value || ({ submit: 'Submit', reset: 'Reset' })[type] || '');
    }
    if (type === 'image') return smhNorm(el.getAttribute('alt') || el.getAttribute('value') || 'Submit');
  }
  if (['input', 'select', 'textarea'].includes(el.localName)) {
    const label = smhLabelText(el);
    if (label) return label;
    return smhNorm(el.getAttribute('title') || el.getAttribute('placeholder'));
  }
  if (el.localName === 'img') return smhNorm(el.getAttribute('alt') || el.getAttribute('title'));
  if (SMH_NAME_FROM_CONTENT.has(role)) {
    const text = smhNorm(smhSubtreeText(el.shadowRoot || el));
    if (text) return text;
  }
  return smhNorm(el.getAttribute('title'));
}

// The text Playwright's text engine sees: the element's own text, whitespace-normalized.
function smhElementText(el) {
  return smhNorm(el.shadowRoot ? el.shadowRoot.textContent : el.textContent);
}

function smhTextMatchesSelf(el, text) {
  const raw = el.shadowRoot ? el.shadowRoot.textContent : el.textContent;
  if (!raw || raw.length < text.length || !raw.includes(text.slice(0, 12).split(' ')[0])) return false;
  if (smhNorm(raw) !== text) return false;
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (smhElementText(child) === text) return false;
  }
  return true;
}

// --- candidates -----------------------------------------------------------------------------

// An id a page keeps from visit to visit, not one a widget library numbers as it goes (ui-id-454,
// ember123, react-select-7-input, :r5:) nor a hash.
function smhIdLooksStable(id) {
  return id && !/\d{3,}|^[0-9a-f]{8,}$|^(ember|react|radix|headlessui|mui|mat|cdk|downshift|yui|ext|gwt)[-_:]|(^|[-_:])u?id[-_:]?\d/i.test(id) && !/^:r/.test(id);
}

function smhCssPath(el) {
  const parts = [];
  for (let node = el; node && node.nodeType === Node.ELEMENT_NODE; node = node.parentElement) {
    let part = smhCssEscape(node.localName);
    const parent = node.parentElement;
    const siblings = parent ? parent.children : node.getRootNode().children;
    if (siblings) {
      const same = Array.from(siblings).filter((s) => s.localName === node.localName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
    }
    parts.unshift(part);
  }
  return parts.join(' > ');
}

// The word of a text most likely to be rare in a page: one with digits, else the longest.
function smhRareWord(text) {
  const words = text.split(' ');
  return words.find((w) => /\d/.test(w)) || words.reduce((a, b) => (b.length > a.length ? b : a), '');
}

// A cheap necessary condition for having accessible name `name`, to skip most elements quickly.
function smhMayBeNamed(e, word) {
  return ['input', 'select', 'textarea', 'img'].includes(e.localName) || e.hasAttribute('aria-labelledby') ||
    e.hasAttribute('aria-label') || e.hasAttribute('title') || e.querySelector('img, [aria-label]') !== null ||
    (e.shadowRoot ? e.shadowRoot.textContent : e.textContent).includes(word);
}

// The first two elements of a list that pass a test: enough to tell unique from not.
function smhFirstTwo(elements, test) {
  const out = [];
  for (const e of elements) {
    if (test(e)) {
      out.push(e);
      if (out.length === 2) break;
    }
  }
  return out;
}

const SMH_ROLE_CSS = {
  button: 'button, summary, input[type=button i], input[type=submit i], input[type=reset i], input[type=image i], [role]',
  link: 'a[href], area[href], [role]',
  textbox: 'input, textarea, [role]',
  searchbox: 'input, [role]',
  combobox: 'select, input, [role]',
  listbox: 'select, [role]',
  checkbox: 'input, [role]',
  radio: 'input, [role]',
  heading: 'h1, h2, h3, h4, h5, h6, [role]',
  img: 'img, [role]',
  option: 'option, [role]',
  slider: 'input, [role]',
  spinbutton: 'input, [role]',
};

function smhAttrCandidate(selector, css) {
  return { selector, find: (root) => smhQueryDeep(root, css) };
}

// Ranked candidates, each with find(root): the elements under root that the selector matches.
function smhCandidates(el) {
  const out = [];
  const role = smhImplicitRole(el);
  const testid = el.getAttribute('data-testid');
  if (testid) out.push(smhAttrCandidate(`internal:testid=[data-testid=${smhQuote(testid)}s]`, `[data-testid=${smhQuote(testid)}]`));
  for (const attr of ['data-test-id', 'data-test', 'data-qa', 'data-cy']) {
    const value = el.getAttribute(attr);
    if (value) out.push(smhAttrCandidate(`[${attr}=${smhQuote(value)}]`, `[${attr}=${smhQuote(value)}]`));
  }
  if (role && !['presentation', 'none', 'generic'].includes(role)) {
    const name = smhAccessibleName(el, role);
    if (name && name.length <= SMH_MAX_TEXT) {
      const css = SMH_ROLE_CSS[role] || '[role]';
      const word = smhRareWord(name);
      out.push({
        selector: `internal:role=${role}[name=${smhQuote(name)}s]`,
        find: (root) => smhFirstTwo(smhQueryDeep(root, css), (e) => smhImplicitRole(e) === role && smhMayBeNamed(e, word) && smhAccessibleName(e, role) === name),
      });
    }
  }
  const placeholder = el.getAttribute('placeholder');
  if (placeholder) out.push(smhAttrCandidate(`internal:attr=[placeholder=${smhQuote(placeholder)}s]`, `[placeholder=${smhQuote(placeholder)}]`));
  if (['input', 'select', 'textarea'].includes(el.localName)) {
    const label = smhLabelText(el);
    if (label && label.length <= SMH_MAX_TEXT) {
      out.push({
        selector: `internal:label=${smhQuote(label)}s`,
        find: (root) => smhFirstTwo(smhQueryDeep(root, 'input, select, textarea'), (e) => smhLabelText(e) === label),
      });
    }
  }
  const nearby = smhNearbyText(el);
  if (nearby) {
    // The field in the nearest element that holds both the text and a field, wherever the text stands
    // in it (before, after, in another cell); else the first field after the text.
    const text = `//*[text()[normalize-space()=${smhXPathLiteral(nearby)}]]`;
    for (const xpath of [`${text}/ancestor-or-self::*[.//${el.localName}][1]//${el.localName}`, `${text}/following::${el.localName}[1]`]) {
      out.push({ selector: `xpath=${xpath}`, find: (root) => smhXPathAll(root.ownerDocument || root, xpath) });
    }
  }
  const alt = el.getAttribute('alt');
  if (alt && ['img', 'area', 'input'].includes(el.localName)) out.push(smhAttrCandidate(`internal:attr=[alt=${smhQuote(alt)}s]`, `[alt=${smhQuote(alt)}]`));
  const text = smhElementText(el);
  if (text && text.length <= SMH_MAX_TEXT && !['input', 'select', 'textarea'].includes(el.localName) && smhTextMatchesSelf(el, text)) {
    out.push({ selector: `internal:text=${smhQuote(text)}s`, find: (root) => smhFindText(root, text, el) });
  }
  const title = el.getAttribute('title');
  if (title) out.push(smhAttrCandidate(`internal:attr=[title=${smhQuote(title)}s]`, `[title=${smhQuote(title)}]`));
  if (smhIdLooksStable(el.id)) out.push(smhAttrCandidate(`#${smhCssEscape(el.id)}`, `[id=${smhQuote(el.id)}]`));
  const nameAttr = el.getAttribute('name');
  if (nameAttr && ['input', 'select', 'textarea', 'button', 'form'].includes(el.localName)) {
    const css = `${el.localName}[name=${smhQuote(nameAttr)}]`;
    out.push(smhAttrCandidate(css, css));
  }
  const kind = smhStableClass(el);
  if (kind) {
    const css = `${smhCssEscape(el.localName)}.${smhCssEscape(kind)}`;
    out.push(smhAttrCandidate(css, css));
  }
  out.push(smhAttrCandidate(smhCssEscape(el.localName), smhCssEscape(el.localName)));
  return out;
}

// The class that says what an element is (an icon's "star", "trash", "reply"), not its state or a number:
// what finds the same kind of element again, within its row when the page repeats it.
function smhStableClass(el) {
  for (const name of el.classList) {
    if (/\d|^(is-|has-|ui-state|ng-)|^(active|clicked|selected|checked|open|closed|hover|focus|focused|hidden|show|visible|disabled|enabled|current|highlight)$/i.test(name)) continue;
    return name;
  }
  return '';
}

// The text that names a form field that has no label, aria-label, placeholder or title: what a person
// reads as its name, as XPath's text() sees it. The text just before it ("First name [____]"), else the
// text after it or in the next cell when nothing else there is a field ("[____] First name"). Empty
// when the field has a name of its own or no such text stands by it.
function smhNearbyText(el) {
  if (!smhUnnamedField(el)) return '';
  return smhTextBeside(el, 'previousSibling') || smhTextBeside(el, 'nextSibling');
}

// A field a person types or chooses in that has no label, aria-label, placeholder or title of its own.
function smhUnnamedField(el) {
  if (!['input', 'select', 'textarea'].includes(el.localName) || smhLabelText(el)) return false;
  if (['aria-label', 'aria-labelledby', 'placeholder', 'title'].some((a) => el.hasAttribute(a))) return false;
  const type = (el.getAttribute('type') || '').toLowerCase();
  return !['hidden', 'submit', 'button', 'reset', 'image', 'checkbox', 'radio'].includes(type);
}

const SMH_FIELDS = 'input:not([type=hidden]), select, textarea, button';

// The heading of the table column an unnamed field stands in ("Amount" over a column of inputs): the
// header cell (a th, or a columnheader) at the field's cell's place in the table's header row. Empty when
// the field has a name of its own, is not in a table cell, or its column has no such heading.
function smhColumnHeading(el) {
  const cell = smhUnnamedField(el) && el.closest('td, [role=cell], [role=gridcell]');
  const table = cell && cell.closest('table, [role=table], [role=grid]');
  if (!table) return '';
  let place = 0;
  for (let other = cell.previousElementSibling; other; other = other.previousElementSibling) place += other.colSpan || 1;
  const rows = Array.from(table.querySelectorAll('tr, [role=row]')).filter((r) => r.closest('table, [role=table], [role=grid]') === table);
  const header = rows.find((r) => r.querySelector(':scope > th, :scope > [role=columnheader]'));
  if (!header || header.contains(cell)) return '';
  let at = 0;
  for (const heading of header.children) {
    if (place < at + (heading.colSpan || 1)) {
      const text = smhNorm(heading.textContent);
      return text.length <= 60 && !heading.querySelector(SMH_FIELDS) ? text : '';
    }
    at += heading.colSpan || 1;
  }
  return '';
}

function smhTextBeside(el, way) {
  for (let node = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
    if (way === 'nextSibling' && node.parentElement && node.parentElement.querySelectorAll(SMH_FIELDS).length > 1) return '';
    for (let other = node[way]; other; other = other[way]) {
      const isElement = other.nodeType === Node.ELEMENT_NODE;
      if (isElement && (other.matches(SMH_FIELDS) || other.querySelector(SMH_FIELDS))) return '';
      if (!smhNorm(other.textContent)) continue;
      const holder = isElement ? other : other.parentElement;
      const own = smhNorm(smhOwnText(holder));
      const whole = isElement ? smhNorm(other.textContent) : smhNorm(other.data);
      return own && own === whole && own.length <= 60 ? own : '';
    }
  }
  return '';
}

// The text of an element's first non-blank text node.
function smhOwnText(el) {
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE && child.data.trim()) return child.data;
  }
  return '';
}

// The repeated item (a list item, a table row, a card) around an element, and its other texts: what
// tells "the Delete button of Bob's row" from the other rows' Delete buttons.
function smhRow(el) {
  for (let node = smhParent(el), depth = 0; node && depth < 6; node = smhParent(node), depth++) {
    const parent = node.parentElement;
    if (!parent || ['body', 'html', 'form', 'main'].includes(node.localName)) break;
    const cls = ['div', 'span', 'article', 'section'].includes(node.localName) && node.classList.length ? `.${smhCssEscape(node.classList[0])}` : '';
    const role = node.getAttribute('role');
    const css = smhCssEscape(node.localName) + cls + (role ? `[role=${smhQuote(role)}]` : '');
    const same = Array.from(parent.children).filter((c) => c !== node && c.matches(css) && c.querySelector(smhCssEscape(el.localName)));
    if (!same.length) continue; // a cell among cells: the row that repeats is further up
    const candidates = smhCandidates(el).filter((c) => {
      const found = c.find(node).filter((e) => e !== node);
      return found.length === 1 && found[0] === el && !/^[a-z-]+$/.test(c.selector);
    });
    // Best the one that finds the same kind of element in the other rows too (a subject's class, not its text).
    const inner = candidates.find((c) => same.some((other) => c.find(other).filter((e) => e !== other).length === 1)) || candidates[0];
    if (!inner) return { row: '', row_texts: [], row_selector: '' };
    const texts = [];
    const walker = node.ownerDocument.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t && texts.length < 12; t = walker.nextNode()) {
      const text = smhNorm(t.data);
      if (text && text.length <= 60 && !el.contains(t) && !texts.includes(text)) texts.push(text);
    }
    return { row: css, row_texts: texts, row_selector: inner.selector };
  }
  return { row: '', row_texts: [], row_selector: '' };
}

function smhXPathAll(doc, xpath) {
  const result = doc.evaluate(xpath, doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  const out = [];
  for (let i = 0; i < result.snapshotLength && i < 2; i++) out.push(result.snapshotItem(i));
  return out;
}

const SMH_CAPTION_MAX = 40; // characters of the words that label a group laid out without a legend

// The words that label a group of radio buttons or checkboxes laid out without a legend or a name: those
// that lead the element holding them all ("Flavour: ( ) Chocolate ( ) Lemon"), else a heading, a label of
// no control or a line ending in a colon just before that element. '' when none is short enough.
function smhGroupCaption(members) {
  if (members.length < 2) return '';
  let box = members[0].parentElement;
  while (box && !members.every((m) => box.contains(m))) box = box.parentElement;
  if (!box || box.localName === 'body' || box.localName === 'form') return '';
  const short = (text) => (text && text.length <= SMH_CAPTION_MAX ? text.replace(/:$/, '').trim() : '');
  let lead = '';
  for (const node of box.childNodes) {
    if (node.nodeType === Node.ELEMENT_NODE && (node.matches(SMH_FIELDS) || node.querySelector(SMH_FIELDS))) break;
    if (node.nodeType === Node.ELEMENT_NODE && node.localName === 'label' && node.control) break;
    lead += ` ${node.textContent}`;
  }
  if (smhNorm(lead)) return short(smhNorm(lead));
  let before = box.previousElementSibling;
  while (before && !smhNorm(before.textContent) && !before.querySelector(SMH_FIELDS)) before = before.previousElementSibling;
  if (!before || before.matches(SMH_FIELDS) || before.querySelector(SMH_FIELDS)) return '';
  const text = smhNorm(before.textContent);
  const heading = /^h[1-6]$/.test(before.localName) || (before.localName === 'label' && !before.control);
  return heading || text.endsWith(':') ? short(text) : '';
}

// The other choices a form control offered: a select's options, the radio buttons or checkboxes of
// its group (same name in the same form), with the group's name as a person would say it.
function smhChoices(el) {
  if (el.localName === 'select') {
    const options = Array.from(el.options).filter((o) => !o.disabled && o.value !== '');
    return { options: options.map((o) => smhNorm(o.label || o.text)).slice(0, 500), option_values: options.map((o) => o.value).slice(0, 500), group: '' };
  }
  const type = el.localName === 'input' ? (el.getAttribute('type') || '').toLowerCase() : '';
  if (type !== 'radio' && type !== 'checkbox') return { options: [], option_values: [], group: '' };
  const name = el.getAttribute('name');
  const scope = el.form || el.getRootNode();
  const members = name ? Array.from(scope.querySelectorAll(`input[type=${type}]`)).filter((e) => e.getAttribute('name') === name) : [el];
  const fieldset = el.closest('fieldset');
  const legend = fieldset && fieldset.querySelector('legend');
  const group = el.closest('[role=radiogroup], [role=group]');
  const groupName = (legend && smhNorm(legend.textContent)) || (group && smhAccessibleName(group, ''))
    || smhGroupCaption(members) || name || '';
  return {
    options: members.map((e) => smhAccessibleName(e, type)).slice(0, 500),
    option_values: members.map((e) => e.value).slice(0, 500),
    group: groupName.slice(0, 200),
  };
}

function smhXPathLiteral(text) {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat('${text.split("'").join(`', "'", '`)}')`;
}

const SMH_NOT_TEXT = new Set(['head', 'script', 'style', 'title', 'html', 'body', 'template', 'noscript']);

// How often `text` occurs in the whole (normalized) text of the document and its shadow roots.
let smhPageText = null;

function smhTextOccurrences(doc, text) {
  if (smhPageText === null) {
    smhPageText = smhNorm([doc.documentElement ? doc.documentElement.textContent : '', ...smhAllShadowRoots(doc).map((r) => r.textContent)].join(' '));
  }
  let count = 0;
  for (let at = smhPageText.indexOf(text); at !== -1 && count < 2; at = smhPageText.indexOf(text, at + 1)) count++;
  return count;
}

// Elements whose own text is exactly `text`. In a whole document, text that occurs once in the
// page can only be the element's own (the caller checked it matches), so no element is visited.
function smhFindText(root, text, el) {
  const doc = root.ownerDocument || root;
  if (root === doc && smhTextOccurrences(doc, text) === 1) return [el];
  return smhFindTextIn(root, text);
}

// Elements whose own text is exactly `text`: XPath narrows natively, smhTextMatchesSelf decides.
function smhFindTextIn(root, text) {
  const query = `descendant-or-self::*[contains(., ${smhXPathLiteral(smhRareWord(text))})]`;
  const doc = root.ownerDocument || root;
  const scopes = [root, ...smhAllShadowRoots(doc).filter((shadow) => root === doc || root.contains(shadow.host))];
  const out = [];
  for (const scope of scopes) {
    const start = scope instanceof ShadowRoot ? Array.from(scope.children) : [scope instanceof Document ? scope.documentElement : scope];
    for (const node of start) {
      if (!node) continue;
      const result = doc.evaluate(query, node, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      for (let i = 0; i < result.snapshotLength; i++) {
        const e = result.snapshotItem(i);
        if (!SMH_NOT_TEXT.has(e.localName) && smhTextMatchesSelf(e, text)) out.push(e);
        if (out.length === 2) return out;
      }
    }
  }
  return out;
}

// Ancestors that a selector can scope a non-unique candidate with ("#row-2 >> internal:role=...").
function smhScopes(el) {
  const scopes = [];
  for (let node = smhParent(el), depth = 0; node && depth < 8 && scopes.length < 2; node = smhParent(node), depth++) {
    const testid = node.getAttribute('data-testid');
    if (testid && smhQueryDeep(el.ownerDocument, `[data-testid=${smhQuote(testid)}]`).length === 1) {
      scopes.push({ selector: `internal:testid=[data-testid=${smhQuote(testid)}s]`, node });
    } else if (smhIdLooksStable(node.id) && smhQueryDeep(el.ownerDocument, `[id=${smhQuote(node.id)}]`).length === 1) {
      scopes.push({ selector: `#${smhCssEscape(node.id)}`, node });
    }
  }
  return scopes;
}

// The CSS path from the element's own tree, chained through shadow hosts with ">>".
function smhDeepCssPath(el) {
  const chain = [];
  for (let node = el; node; ) {
    chain.unshift(smhCssPath(node));
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return chain.join(' >> ');
}

function smhDescribe(el) {
  smhLabelMap = null;
  smhPageText = null;
  const doc = el.ownerDocument;
  const selectors = [];
  const nonUnique = [];
  for (const candidate of smhCandidates(el)) {
    if (selectors.length >= 3) break; // enough: the CSS path follows as the last resort
    const matches = candidate.find(doc);
    if (matches.length === 1 && matches[0] === el) selectors.push(candidate.selector);
    else if (matches.length > 1 && matches.includes(el) && nonUnique.length < 3 && !/^[a-z-]+$/.test(candidate.selector)) nonUnique.push(candidate);
  }
  if (selectors.length < 3) {
    for (const scope of smhScopes(el)) {
      for (const candidate of nonUnique) {
        const matches = candidate.find(scope.node).filter((e) => e !== scope.node);
        if (matches.length === 1 && matches[0] === el) selectors.push(`${scope.selector} >> ${candidate.selector}`);
      }
    }
  }
  selectors.push(smhDeepCssPath(el));
  const unique = Array.from(new Set(selectors)).slice(0, 8);
  const role = smhImplicitRole(el);
  const name = smhAccessibleName(el, role);
  const nearby = smhColumnHeading(el) || smhNearbyText(el);
  const field = smhLabelText(el) || smhNorm(el.getAttribute('aria-label')) || smhNorm(el.getAttribute('placeholder')) ||
    nearby || smhNorm(el.getAttribute('name')) || smhNorm(el.id);
  return Object.assign({
    selectors: unique,
    label: (name || nearby || smhElementText(el) || el.getAttribute('placeholder') || el.getAttribute('name') || '').slice(0, 200),
    field: field.slice(0, 200),
    tag: el.localName,
    // a list where several options may be chosen says so as the DOM does: its type is "select-multiple"
    input_type: el.localName === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : el.localName === 'select' && el.multiple ? 'select-multiple' : '',
  }, smhChoices(el), smhRow(el), smhKindPosition(el));
}

// Which of the shown fields of its kind the element is ("the 2nd text box"): a CSS selector for the kind
// and the element's 1-based place among the shown elements it finds, when there are several.
function smhKindPosition(el) {
  const type = el.localName === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
  if (!['input', 'textarea', 'select', 'button'].includes(el.localName) || ['hidden', 'submit', 'button'].includes(type)) return { kind: '', position: 0 };
  const kind = type === 'text' ? 'input[type=text i], input:not([type])' : type ? `input[type=${smhQuote(type)} i]` : el.localName;
  const shown = Array.from(el.ownerDocument.querySelectorAll(kind)).filter((e) => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
  const at = shown.indexOf(el);
  return shown.length > 1 && at >= 0 ? { kind, position: at + 1 } : { kind: '', position: 0 };
}

// The element a person meant: the button or link around an icon they clicked.
function smhRetarget(path) {
  for (const node of path) {
    if (node.nodeType === Node.ELEMENT_NODE && node.matches(SMH_INTERACTIVE)) return node;
  }
  return path.find((node) => node.nodeType === Node.ELEMENT_NODE) || null;
}
