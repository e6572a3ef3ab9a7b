import { describe, expect, it } from "vitest";
import { RequestBodyError } from "~/lib/http.server";
import { jsonObjectBody } from "./input";

describe("jsonObjectBody (the JSON API's bodies)", () => {
  const json = (text: string) => new TextEncoder().encode(text);
  const refused = (contentType: string | undefined, text: string) => {
    try {
      jsonObjectBody(contentType, json(text));
    } catch (error) {
      expect(error).toBeInstanceOf(RequestBodyError);
      return { status: (error as RequestBodyError).status, message: (error as RequestBodyError).message };
    }
    throw new Error("not refused");
  };

  it("an object parses, multi-byte characters included; the content type's parameters and case do not matter", () => {
    expect(jsonObjectBody("application/json", json('{"message":"Grüße"}'))).toEqual({ message: "Grüße" });
    expect(jsonObjectBody("Application/JSON; charset=utf-8", json("{}"))).toEqual({});
  });

  it.each([undefined, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"])("Content-Type %s → 415", (type) => {
    expect(refused(type, "{}")).toEqual({
      status: 415,
      message: "Bitte senden Sie die Daten als JSON (Content-Type: application/json).",
    });
  });

  it.each([
    ["malformed", "{", "Die Anfrage enthält kein gültiges JSON."],
    ["empty", "", "Die Anfrage enthält kein gültiges JSON."],
    ["an array", "[1]", "Die Anfrage muss ein JSON-Objekt sein."],
    ["a string", '"x"', "Die Anfrage muss ein JSON-Objekt sein."],
    ["null", "null", "Die Anfrage muss ein JSON-Objekt sein."],
  ])("%s → 400 in German", (_label, text, message) => {
    expect(refused("application/json", text)).toEqual({ status: 400, message });
  });
});
