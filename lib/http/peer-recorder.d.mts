export declare const PEER_ADDRESS_HEADER: "x-labs-peer-address";
export declare const PEER_TLS_HEADER: "x-labs-peer-tls";
export declare const RAW_PREFIX: "x-labs-raw-";
export declare const FORWARDING_HEADERS: readonly [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "forwarded",
];
export declare function recordsPeerAddresses(): boolean;
export declare function startRecordingPeers(): void;
export declare function recordPeer(request: import("node:http").IncomingMessage): void;
