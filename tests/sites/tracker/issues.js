// The tracker's issues, as its server would hold them before anyone acts.
const ISSUES = {
  1: { title: 'Printer jams', owner: 'Ada Byron', status: 'chatting', priority: 'low' },
  2: { title: 'Wifi down', owner: 'Ben Okafor', status: 'open', priority: 'normal' },
  3: { title: 'Mouse stuck', owner: 'Ines Duarte', status: 'closed', priority: 'urgent' },
};

function rows(table, issues) {
  for (const [id, issue] of Object.entries(issues)) {
    const row = table.insertRow();
    const link = document.createElement('a');
    link.href = `issue.html?id=${id}`;
    link.textContent = issue.title;
    row.insertCell().appendChild(link);
    for (const key of ['owner', 'status', 'priority']) row.insertCell().textContent = issue[key];
  }
}
