// The page works without JavaScript; this only wires the print buttons.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-print]");
  if (button) { window.print(); }
});
