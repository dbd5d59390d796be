// Shared by the generalization fixtures. window.INSTANCE (from /instance.js) says what this
// instance of the page shows; lists are separated by "|". Nothing here loads anything external.
"use strict";

const INSTANCE = window.INSTANCE || {};

function param(name, fallback) {
  const value = INSTANCE[name];
  return value === undefined || value === "" ? fallback : value;
}

function list(name, fallback) {
  return param(name, fallback).split("|").map((s) => s.trim()).filter(Boolean);
}

// A seeded shuffle (mulberry32), so that one seed always gives the same order.
function shuffled(items, seed) {
  let a = Number(seed) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = items.slice();
  if (!Number(seed)) return out;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

// Tell the site what happened (the outcome of a click-only task): GET /log/<what>?fields.
function report(what, fields) {
  return fetch(`/log/${what}?${new URLSearchParams(fields)}`, { keepalive: true });
}

// el("button", {type: "button", onclick: f}, "Save"): a DOM element; attributes set as given.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

function status(text) {
  const box = document.getElementById("status");
  if (box) box.textContent = text;
}
