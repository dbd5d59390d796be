// A single-page expense form: fields rendered by script, rows added with "Add row", the report sent as JSON by
// fetch, "Thank you" shown whatever the site answered. On a page marked data-old it is an old-fashioned one: its
// state follows key presses only, and it starts from the last report sent (a draft kept in the browser), so fields
// set without typing keep the draft's values.
const keyup = document.body.dataset.old !== undefined;
const draft = keyup ? JSON.parse(localStorage.getItem("draft") || "null") : null;
const state = draft || {employee: "", currency: "USD", lines: [{description: "", amount: ""}]};
const app = document.getElementById("app");
const currencies = [["USD", "US dollar"], ["EUR", "Euro"], ["GBP", "Pound sterling"]];
function input(label, value, set) {
  const field = document.createElement("input");
  field.setAttribute("aria-label", label);
  field.value = value;
  field.addEventListener(keyup ? "keyup" : "input", () => set(field.value));
  return field;
}
function render() {
  app.innerHTML = "";
  const who = document.createElement("p");
  who.append("Employee ", input("Employee", state.employee, (v) => (state.employee = v)));
  const currency = document.createElement("select");
  currency.setAttribute("aria-label", "Currency");
  for (const [code, name] of currencies) currency.add(new Option(name, code, false, code === state.currency));
  currency.addEventListener("change", () => (state.currency = currency.value));
  const money = document.createElement("p");
  money.append("Currency ", currency);
  app.append(who, money);
  state.lines.forEach((line, i) => {
    const row = document.createElement("p");
    row.className = "line";
    row.append(
      input(`Description ${i + 1}`, line.description, (v) => (line.description = v)),
      input(`Amount ${i + 1}`, line.amount, (v) => (line.amount = v)),
    );
    app.append(row);
  });
  const add = document.createElement("button");
  add.textContent = "Add row";
  add.addEventListener("click", () => { state.lines.push({description: "", amount: ""}); render(); });
  const send = document.createElement("button");
  send.textContent = "Submit report";
  send.addEventListener("click", submit);
  app.append(add, send);
}
async function submit() {
  const body = {
    employee: state.employee,
    currency: state.currency,
    lines: state.lines.map((l) => ({description: l.description, amount: parseFloat(l.amount)})),
  };
  const answer = await fetch("api/expenses", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  localStorage.setItem("draft", JSON.stringify(state));
  const total = body.lines.reduce((sum, l) => sum + (l.amount || 0), 0).toFixed(2);
  app.innerHTML = `<p role="status">Thank you</p><p>${body.lines.length} item(s), total ${total} ${state.currency}</p>`;
}
render();
