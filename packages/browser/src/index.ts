// Browser helpers shared by the console and the website.
export {};
