// Saving sends the form twice, the second time with the subject changed: which one counts is unknown.
document.getElementById("f").addEventListener("submit", () => {
  const data = new URLSearchParams(new FormData(document.getElementById("f")));
  data.set("subject", "copy of " + data.get("subject"));
  fetch("saved", {method: "POST", body: data});
});
