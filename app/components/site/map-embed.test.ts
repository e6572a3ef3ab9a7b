import { describe, expect, it } from "vitest";
import { googleMapsUrl, mapEmbedUrl } from "./map-embed";

describe("map embed", () => {
  it("marks the workshop's coordinates and links the address to Google Maps", () => {
    expect(mapEmbedUrl({ latitude: 48.1766, longitude: 16.3802 })).toContain("marker=48.1766,16.3802");
    expect(googleMapsUrl("Musterstraße 12, 1100 Wien")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Happy%20Car%2C%20Musterstra%C3%9Fe%2012%2C%201100%20Wien",
    );
  });
});
