import { describe, expect, it } from "vitest";
import { headerNavigation, isActiveItem } from "./navigation";

function activeLabels(pathname: string, hash: string) {
  return headerNavigation.filter((item) => isActiveItem(item.to, pathname, hash)).map((item) => item.label);
}

describe("active header item from path and hash", () => {
  it.each([
    ["/", "", ["Home"]],
    ["/", "#about", ["Home"]],
    ["/", "#services", ["Leistungen"]],
    ["/", "#booking", ["Termin"]],
    ["/ueber-uns", "", ["Über uns"]],
    ["/kontakt", "", ["Kontakt"]],
    ["/impressum", "", ["Impressum"]],
    ["/datenschutz", "", []],
    ["/kontakt", "#services", ["Kontakt"]],
  ])("%s%s → %j", (pathname, hash, expected) => {
    expect(activeLabels(pathname, hash)).toEqual(expected);
  });
});
