// A machine's network interfaces as a test gives them: loopback, a container bridge and the wifi, so
// that the address shown to phones is known in advance whatever machine runs the tests.
import type { NetworkInterfaceInfo } from "node:os";
import type { InterfaceLookup } from "../../src/addresses";

export const LAN_IP = "192.168.1.23";

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({ address, family: "IPv4", internal, netmask: "255.255.255.0", mac: "02:00:00:00:00:01", cidr: `${address}/24` });

export const fakeLan: InterfaceLookup = () => ({ lo: [v4("127.0.0.1", true)], docker0: [v4("172.17.0.1")], wlan0: [v4(LAN_IP)] });

/** The origin a phone on the fake wifi opens for a server on `port`. */
export const lanOrigin = (port: number, scheme = "http") => `${scheme}://${LAN_IP}:${port}`;
