import { describe, expect, it } from "vitest";
import { closureMessages } from "./messages";

describe("the closures' answers keep singular and plural apart", () => {
  it("after 'Alle stornieren'", () => {
    expect(closureMessages.cancelled(1, 0)).toBe("Ein Termin wurde storniert; die Kundin oder der Kunde bekommt die Absage per E-Mail.");
    expect(closureMessages.cancelled(3, 0)).toBe("3 Termine wurden storniert; die Kundinnen und Kunden bekommen die Absage per E-Mail.");
    expect(closureMessages.cancelled(0, 2)).toBe(
      "Es wurde kein Termin storniert. 2 Termine waren inzwischen schon storniert oder gelöscht.",
    );
    expect(closureMessages.cancelled(2, 1)).toBe(
      "2 Termine wurden storniert; die Kundinnen und Kunden bekommen die Absage per E-Mail. Ein Termin war inzwischen schon storniert oder gelöscht.",
    );
  });

  it("in the question before", () => {
    expect(closureMessages.confirmCancelAll(1)).toMatch(/^Wirklich diesen Termin stornieren\? Die Kundin oder der Kunde bekommt /);
    expect(closureMessages.confirmCancelAll(4)).toMatch(/^Wirklich alle 4 Termine stornieren\? Alle 4 Kundinnen und Kunden bekommen /);
    expect(closureMessages.confirmCancelAllButton(1)).toBe("Ja, Termin stornieren");
    expect(closureMessages.confirmCancelAllButton(4)).toBe("Ja, alle 4 Termine stornieren");
  });
});
