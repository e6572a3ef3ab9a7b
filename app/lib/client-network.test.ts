import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address, also one written as IPv6", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:a:b:c:d"]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("leaves what is no address as it is", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
    expect(clientNetwork("")).toBe("");
  });
});
