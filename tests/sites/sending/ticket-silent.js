// Saving sends nothing: the ticket is kept in the page (a site moved to a socket, or a broken one).
document.getElementById("f").addEventListener("submit", (event) => {
  event.preventDefault();
  history.pushState({}, "", "saved");
  const subject = document.querySelector("[name=subject]").value;
  document.body.innerHTML = "<h1>Ticket saved</h1><p></p>";
  document.querySelector("p").textContent = "Subject: " + subject;
});
