/** A list's values by their own names (`{ Admin: 'Admin', … }`), so code says `ROLE.Admin` and a misspelling does not compile. */
export const byName = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as { readonly [V in T]: V };
