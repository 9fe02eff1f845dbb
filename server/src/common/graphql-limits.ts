import { ASTVisitor, FragmentDefinitionNode, GraphQLError, Kind, SelectionSetNode, ValidationContext } from 'graphql';

export const GRAPHQL_LIMITS = { maxDepth: 10, maxAliases: 30, maxFields: 400 };

/**
 * Refuses queries that are too deep, use too many aliases, or select too many fields (a cost bound that
 * counts fragment spreads where they are used), before any resolver runs.
 */
export function queryLimits(limits = GRAPHQL_LIMITS) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }

    const measure = (set: SelectionSetNode, depth: number, seen: Set<string>): { depth: number; fields: number; aliases: number } => {
      let result = { depth, fields: 0, aliases: 0 };
      for (const selection of set.selections) {
        let inner: { depth: number; fields: number; aliases: number } | undefined;
        if (selection.kind === Kind.FIELD) {
          result.fields += 1;
          if (selection.alias) result.aliases += 1;
          if (selection.selectionSet) inner = measure(selection.selectionSet, depth + 1, seen);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = measure(selection.selectionSet, depth, seen);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment && !seen.has(fragment.name.value)) {
            inner = measure(fragment.selectionSet, depth, new Set([...seen, fragment.name.value]));
          }
        }
        if (inner) {
          result = { depth: Math.max(result.depth, inner.depth), fields: result.fields + inner.fields, aliases: result.aliases + inner.aliases };
        }
      }
      return result;
    };

    return {
      OperationDefinition(node) {
        // The schema introspection query is deep by nature; who may run it is decided elsewhere.
        if (node.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))) return;
        const { depth, fields, aliases } = measure(node.selectionSet, 1, new Set());
        if (depth > limits.maxDepth) context.reportError(new GraphQLError(`Query is too deep (${depth} levels; at most ${limits.maxDepth})`));
        if (aliases > limits.maxAliases) context.reportError(new GraphQLError(`Query uses too many aliases (${aliases}; at most ${limits.maxAliases})`));
        if (fields > limits.maxFields) context.reportError(new GraphQLError(`Query selects too many fields (${fields}; at most ${limits.maxFields})`));
      },
    };
  };
}
