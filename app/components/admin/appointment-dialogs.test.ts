import { describe, expect, it } from "vitest";
import type { AdminAppointment } from "~/domain/appointment";
import { noScriptPanelFor } from "./appointment-dialogs";

const requested = { id: "a", status: "beantragt" } as AdminAppointment;
const cancelled = { id: "b", status: "storniert" } as AdminAppointment;
const panel = (search: string, canDelete = true) => noScriptPanelFor(new URLSearchParams(search), [requested, cancelled], canDelete);

describe("the no-JavaScript question a URL asks for", () => {
  it("asks to cancel what may be cancelled, and to delete only an owner", () => {
    expect(panel("cancel=a")).toEqual({ kind: "cancel", item: requested });
    expect(panel("cancel=b")).toBeNull();
    expect(panel("delete=b")).toEqual({ kind: "delete", item: cancelled });
    expect(panel("delete=b", false)).toBeNull();
  });

  it("asks nothing for an appointment not on the page or without a question", () => {
    expect(panel("cancel=z")).toBeNull();
    expect(panel("q=a")).toBeNull();
  });
});
