/** Template parameters of a confirmation e-mail, as the admin board enqueues them. */
export const confirmParams = {
  name: "Maria Muster",
  email: "maria@example.com",
  datum: "01.12.2026",
  uhrzeit: "08:30",
  leistung: "Ölwechsel",
  title: "Terminbestätigung",
};
