// Selector generation: ranked candidates for an element, as Playwright's codegen ranks them,
// each checked to match exactly that element in its document (open shadow roots included).
// Defines smhDescribe(element) -> {selectors, label, field, tag, input_type}.

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

// Every element under root, in document order, descending into open shadow roots.
function smhDeepElements(root) {
  const out = [];
  const walk = (node) => {
    for (let el = node.firstElementChild; el; el = el.nextElementSibling) {
      out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
    }
  };
  walk(root);
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

function smhLabelsOf(el) {
  if (!el.labels) return [];
  return Array.from(el.labels);
}

function smhLabelText(el) {
  return smhNorm(smhLabelsOf(el).map((label) => smhSubtreeText(label)).join(' '));
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
  if (smhElementText(el) !== text) return false;
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (smhElementText(child) === text) return false;
  }
  return true;
}

// --- candidates -----------------------------------------------------------------------------

function smhIdLooksStable(id) {
  return id && !/\d{4,}|^[0-9a-f]{8,}$|^(ember|react|radix|headlessui|mui)[-_:]/i.test(id) && !/^:r/.test(id);
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

function smhCandidates(el) {
  const out = [];
  const role = smhImplicitRole(el);
  const testid = el.getAttribute('data-testid');
  if (testid) out.push({ selector: `internal:testid=[data-testid=${smhQuote(testid)}s]`, test: (e) => e.getAttribute('data-testid') === testid });
  for (const attr of ['data-test-id', 'data-test', 'data-qa', 'data-cy']) {
    const value = el.getAttribute(attr);
    if (value) out.push({ selector: `[${attr}=${smhQuote(value)}]`, test: (e) => e.getAttribute(attr) === value });
  }
  if (role && !['presentation', 'none', 'generic'].includes(role)) {
    const name = smhAccessibleName(el, role);
    if (name && name.length <= SMH_MAX_TEXT) {
      out.push({ selector: `internal:role=${role}[name=${smhQuote(name)}s]`, test: (e) => smhImplicitRole(e) === role && smhAccessibleName(e, role) === name });
    }
  }
  const placeholder = el.getAttribute('placeholder');
  if (placeholder) out.push({ selector: `internal:attr=[placeholder=${smhQuote(placeholder)}s]`, test: (e) => e.getAttribute('placeholder') === placeholder });
  if (['input', 'select', 'textarea'].includes(el.localName)) {
    const label = smhLabelText(el);
    if (label && label.length <= SMH_MAX_TEXT) {
      out.push({ selector: `internal:label=${smhQuote(label)}s`, test: (e) => ['input', 'select', 'textarea'].includes(e.localName) && smhLabelText(e) === label });
    }
  }
  const alt = el.getAttribute('alt');
  if (alt && ['img', 'area', 'input'].includes(el.localName)) {
    out.push({ selector: `internal:attr=[alt=${smhQuote(alt)}s]`, test: (e) => e.getAttribute('alt') === alt });
  }
  const text = smhElementText(el);
  if (text && text.length <= SMH_MAX_TEXT && !['input', 'select', 'textarea'].includes(el.localName) && smhTextMatchesSelf(el, text)) {
    out.push({ selector: `internal:text=${smhQuote(text)}s`, test: (e) => smhTextMatchesSelf(e, text) && !['head', 'script', 'style', 'title', 'html', 'body'].includes(e.localName) });
  }
  const title = el.getAttribute('title');
  if (title) out.push({ selector: `internal:attr=[title=${smhQuote(title)}s]`, test: (e) => e.getAttribute('title') === title });
  if (smhIdLooksStable(el.id)) out.push({ selector: `#${smhCssEscape(el.id)}`, test: (e) => e.id === el.id });
  const nameAttr = el.getAttribute('name');
  if (nameAttr && ['input', 'select', 'textarea', 'button', 'form'].includes(el.localName)) {
    out.push({ selector: `${el.localName}[name=${smhQuote(nameAttr)}]`, test: (e) => e.localName === el.localName && e.getAttribute('name') === nameAttr });
  }
  out.push({ selector: smhCssEscape(el.localName), test: (e) => e.localName === el.localName });
  return out;
}

// Ancestors that a selector can scope a non-unique candidate with ("#row-2 >> internal:role=...").
function smhScopes(el, all) {
  const scopes = [];
  for (let node = smhParent(el), depth = 0; node && depth < 8 && scopes.length < 2; node = smhParent(node), depth++) {
    const testid = node.getAttribute('data-testid');
    if (testid && all.filter((e) => e.getAttribute('data-testid') === testid).length === 1) {
      scopes.push({ selector: `internal:testid=[data-testid=${smhQuote(testid)}s]`, node });
    } else if (smhIdLooksStable(node.id) && all.filter((e) => e.id === node.id).length === 1) {
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
  const all = smhDeepElements(el.ownerDocument);
  const selectors = [];
  const nonUnique = [];
  for (const candidate of smhCandidates(el)) {
    const matches = all.filter(candidate.test);
    if (matches.length === 1 && matches[0] === el) selectors.push(candidate.selector);
    else if (matches.length > 1 && matches.includes(el) && nonUnique.length < 3 && !/^[a-z-]+$/.test(candidate.selector)) nonUnique.push(candidate);
  }
  if (selectors.length < 3) {
    for (const scope of smhScopes(el, all)) {
      const inside = smhDeepElements(scope.node);
      for (const candidate of nonUnique) {
        const matches = inside.filter(candidate.test);
        if (matches.length === 1 && matches[0] === el) selectors.push(`${scope.selector} >> ${candidate.selector}`);
      }
    }
  }
  selectors.push(smhDeepCssPath(el));
  const unique = Array.from(new Set(selectors)).slice(0, 8);
  const role = smhImplicitRole(el);
  const name = smhAccessibleName(el, role);
  const field = smhLabelText(el) || smhNorm(el.getAttribute('aria-label')) || smhNorm(el.getAttribute('placeholder')) ||
    smhNorm(el.getAttribute('name')) || smhNorm(el.id);
  return {
    selectors: unique,
    label: (name || smhElementText(el) || el.getAttribute('placeholder') || el.getAttribute('name') || '').slice(0, 200),
    field: field.slice(0, 200),
    tag: el.localName,
    input_type: el.localName === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : '',
  };
}

// The element a person meant: the button or link around an icon they clicked.
function smhRetarget(path) {
  for (const node of path) {
    if (node.nodeType === Node.ELEMENT_NODE && node.matches(SMH_INTERACTIVE)) return node;
  }
  return path.find((node) => node.nodeType === Node.ELEMENT_NODE) || null;
}
