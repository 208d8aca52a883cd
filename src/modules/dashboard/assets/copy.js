// The dashboard's only script: the copy button beside a new API key. Without JavaScript the button
// stays hidden and the key can be selected and copied by hand.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  if (!source || !navigator.clipboard) continue;
  button.hidden = false;
  const label = button.textContent;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      button.textContent = button.dataset.copied;
      setTimeout(() => {
        button.textContent = label;
      }, 2000);
    } catch {
      // Permission refused: the key stays selectable.
    }
  });
}
