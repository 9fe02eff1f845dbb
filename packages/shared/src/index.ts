// The vocabulary every part of the platform shares: plain constants and types, no framework.
export {};
