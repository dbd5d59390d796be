const button = document.createElement('button');
button.textContent = 'Open June';
button.onclick = () => { button.textContent = 'Opened June'; };
document.body.append(button);
