// Secret masking: decides, inside the page, which fields' values must never leave it, and keeps the
// values typed into them out of everything the page reports (selectors, labels, other fields, URLs).
// A field is secret from every signal, watched from the moment the document starts: it was ever a
// password field (a "show password" toggle or a script switching its type keeps it secret), its
// autocomplete, its name, id, label, placeholder or aria-label, or a page that draws it as dots.
// SMH_CONFIG.secretWords is the pattern of secret-sounding names, shared with Python. With
// SMH_CONFIG.secretKey (hex), a secret fill carries a keyed hash of its value, so that Python can find
// the value where other documents report it (a GET form's next URL, the title) without ever having it.

const SMH_SECRET_WORDS = new RegExp(SMH_CONFIG.secretWords, 'i');
const SMH_SECRET_AUTOCOMPLETE = /(^|\s)(current-password|new-password|one-time-code|cc-number|cc-csc|cc-exp\S*)(\s|$)/i;
const SMH_SHORT_SECRET = 4; // shorter values are matched only as whole words (core.secrecy.SHORT_SECRET)
const SMH_MASK = '••••';
const smhSecretFields = new WeakSet();
const smhSecretValues = new Map(); // secret field -> its latest value, in this document only
let smhSecretObserver = null;

function smhIsSecret(el) {
  if (!el || el.nodeType !== Node.ELEMENT_NODE) return false;
  if (smhSecretObserver) smhSecretRecords(smhSecretObserver.takeRecords());
  if (smhSecretFields.has(el)) return true;
  if (smhLooksSecret(el)) {
    smhSecretFields.add(el);
    return true;
  }
  return false;
}

function smhIsPassword(el) {
  return el.localName === 'input' && (el.getAttribute('type') || '').trim().toLowerCase() === 'password';
}

function smhLooksSecret(el) {
  if (smhIsPassword(el) || SMH_SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') || '')) return true;
  const names = ['name', 'id', 'aria-label', 'placeholder', 'title'].map((attr) => el.getAttribute(attr));
  for (const label of el.labels || []) names.push(label.textContent);
  const root = el.getRootNode();
  for (const id of (el.getAttribute('aria-labelledby') || '').split(/\s+/)) {
    const ref = id && root.getElementById ? root.getElementById(id) : null;
    if (ref) names.push(ref.textContent);
  }
  const words = names.filter(Boolean).join(' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  if (SMH_SECRET_WORDS.test(words)) return true;
  const editable = ['input', 'textarea'].includes(el.localName) || el.isContentEditable;
  return editable && el.isConnected && (getComputedStyle(el).webkitTextSecurity || 'none') !== 'none';
}

function smhSecretRecords(records) {
  for (const record of records) {
    if (record.type === 'attributes') {
      if ((record.oldValue || '').trim().toLowerCase() === 'password' || smhIsPassword(record.target)) smhSecretFields.add(record.target);
    } else {
      for (const node of record.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) smhMarkPasswords(node);
      }
    }
  }
}

function smhMarkPasswords(root) {
  if (root.nodeType === Node.ELEMENT_NODE && smhIsPassword(root)) smhSecretFields.add(root);
  if (root.shadowRoot) smhWatchSecretsIn(root.shadowRoot);
  for (const el of smhDeepElements(root)) {
    if (smhIsPassword(el)) smhSecretFields.add(el);
    if (el.shadowRoot) smhWatchSecretsIn(el.shadowRoot);
  }
}

// Watch a document or an open shadow root: a password field is remembered the moment it appears,
// and a type change is seen with the type it had, so that no switch to text escapes.
function smhWatchSecretsIn(root) {
  if (!smhSecretObserver) smhSecretObserver = new MutationObserver(smhSecretRecords);
  smhSecretObserver.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['type'], attributeOldValue: true });
}

function smhWatchSecrets(doc) {
  smhWatchSecretsIn(doc);
  smhMarkPasswords(doc);
  doc.addEventListener('focusin', (event) => smhIsSecret(event.composedPath()[0]), true);
}

// --- values --------------------------------------------------------------------------------------

function smhIsWordChar(ch) {
  return ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
}

function smhSecretForms(value) {
  const encoded = encodeURIComponent(value);
  return Array.from(new Set([value, encoded, encoded.replace(/%20/g, '+')]));
}

// [start, end) of each place where a secret value of this document occurs in text, plain or URL-encoded.
function smhSecretSpans(text) {
  const spans = [];
  if (!text || !smhSecretValues.size) return spans;
  for (const value of smhSecretValues.values()) {
    for (const form of smhSecretForms(value)) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        const end = at + form.length;
        const whole = !(smhIsWordChar(form[0]) && smhIsWordChar(text[at - 1])) && !(smhIsWordChar(form[form.length - 1]) && smhIsWordChar(text[end]));
        if (form.length >= SMH_SHORT_SECRET || whole) spans.push([at, end]);
      }
    }
  }
  return spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}

function smhHoldsSecret(text) {
  return smhSecretSpans(text).length > 0;
}

function smhMaskSecrets(text) {
  let out = '';
  let at = 0;
  for (const [start, end] of smhSecretSpans(text)) {
    if (start < at) continue;
    out += text.slice(at, start) + SMH_MASK;
    at = end;
  }
  return out + text.slice(at);
}

// What a fill step may say of a value: the value itself, or, for a secret field (or a field holding a
// secret value the page copied into it), only that it is secret and the value's keyed hash.
function smhFillValue(el, value) {
  if (!smhIsSecret(el) && !smhHoldsSecret(value)) return { value, secret: false };
  smhSecretFields.add(el);
  if (value) smhSecretValues.set(el, value);
  else smhSecretValues.delete(el);
  const length = Array.from(value || '').length;
  return { value: null, secret: true, digest: length && SMH_CONFIG.secretKey ? smhHmacHex(SMH_CONFIG.secretKey, value) : null, length: length || null };
}

// A step as it may leave the page: no selector, label or value that holds a secret value of this
// document (the structural CSS path stays), and a secret field's own content never names it.
// Returns null for a step that is itself a secret (a character typed with modifiers).
function smhScrubStep(payload, el) {
  const secret = smhIsSecret(el);
  if (payload.action === 'press' && (smhHoldsSecret(payload.value) || secret && payload.value.length === 1)) return null;
  if (payload.value && smhHoldsSecret(payload.value)) Object.assign(payload, { value: null, option_value: null, secret: true });
  const target = payload.target;
  const own = secret && el.isContentEditable ? smhQuote(smhNorm(el.textContent)) : null;
  const path = target.selectors[target.selectors.length - 1];
  target.selectors = target.selectors.filter((s) => s === path || !(smhHoldsSecret(s) || (own && own !== '""' && s.includes(own))));
  if (secret && own && own !== '""' && target.label === JSON.parse(own)) target.label = target.field;
  target.label = smhMaskSecrets(target.label);
  target.field = smhMaskSecrets(target.field);
  if (payload.files) payload.files = payload.files.map(smhMaskSecrets);
  return payload;
}

// A URL with the values of secret-sounding parameters blanked (a GET form may carry a password), and
// any parameter, path segment or password that holds a secret value of this document.
function smhRedactUrl(href) {
  try {
    const url = new URL(href);
    const redact = (params) => {
      let changed = false;
      for (const [key, value] of Array.from(params.entries())) {
        if (SMH_SECRET_WORDS.test(key.replace(/([a-z])([A-Z])/g, '$1 $2')) || smhHoldsSecret(value) || smhHoldsSecret(key)) {
          params.set(key, '');
          changed = true;
        }
      }
      return changed;
    };
    let changed = redact(url.searchParams);
    if (url.hash.includes('=')) {
      const hash = new URLSearchParams(url.hash.slice(1));
      if (redact(hash)) {
        url.hash = hash.toString();
        changed = true;
      }
    }
    const decode = (part) => {
      try {
        return decodeURIComponent(part);
      } catch (err) {
        return part;
      }
    };
    const path = url.pathname.split('/').map((part) => (smhHoldsSecret(decode(part)) ? encodeURIComponent(SMH_MASK) : part)).join('/');
    if (path !== url.pathname || url.password || smhHoldsSecret(url.username)) {
      url.pathname = path;
      url.password = '';
      url.username = smhHoldsSecret(url.username) ? '' : url.username;
      changed = true;
    }
    return changed ? url.href : href;
  } catch (err) {
    return href;
  }
}

// --- HMAC-SHA256 (Web Crypto is async and missing on plain-http pages) ------------------------------

const SMH_SHA256_K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

function smhSha256(bytes) {
  const ror = (x, n) => (x >>> n) | (x << (32 - n));
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + SMH_SHA256_K[i] + w[i]) >>> 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, k].forEach((v, i) => { h[i] += v; });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => outView.setUint32(i * 4, v));
  return out;
}

function smhHmacHex(keyHex, text) {
  const key = new Uint8Array(64);
  key.set(keyHex.match(/../g).map((byte) => parseInt(byte, 16)));
  const message = new TextEncoder().encode(text);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = key[i] ^ 0x36;
    outer[i] = key[i] ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(smhSha256(inner), 64);
  return Array.from(smhSha256(outer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// --- screenshots ---------------------------------------------------------------------------------

// Tag with data-smh-mask what a screenshot must hide: secret fields, and any field or text that shows
// one of `values` (a run's secret values). Returns how many elements are tagged.
function smhSecretBoxes(values) {
  // run in an isolated world: the boxes (this frame's viewport, CSS pixels) of the secret fields and of whatever
  // shows one of `values`, for a picture to be painted over there; the page is neither told nor changed
  for (const value of values) smhSecretValues.set(value, value);
  const shown = new Set();
  for (const el of smhQueryDeep(document, 'input, textarea, select, [contenteditable]')) {
    const text = el.isContentEditable ? el.textContent : el.value;
    if (smhIsSecret(el) || smhHoldsSecret(text)) shown.add(el);
  }
  for (const root of [document, ...smhAllShadowRoots(document)]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && smhHoldsSecret(node.data)) shown.add(node.parentElement);
    }
  }
  const boxes = [];
  for (const el of shown) {
    const r = el.getBoundingClientRect();
    const x = Math.max(0, r.left), y = Math.max(0, r.top);
    const right = Math.min(window.innerWidth, r.right), bottom = Math.min(window.innerHeight, r.bottom);
    if (right > x && bottom > y) boxes.push({ x, y, width: right - x, height: bottom - y });
  }
  return boxes;
}
