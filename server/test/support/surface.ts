import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { TypeMetadataStorage } from '@nestjs/graphql';
import { IS_PUBLIC, REQUIRED_PERMISSIONS } from '../../src/access/decorators.js';
import type { Permission } from '../../src/access/permissions.js';
import type { TestApp } from './test-app.js';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every REST route under /api as `METHOD /api/path/:param`, read from Express's router. */
export function apiRoutes(t: TestApp): string[] {
  const http = t.app.getHttpAdapter().getInstance() as unknown as { router: { stack: Layer[] } };
  return http.router.stack
    .flatMap((layer) => (layer.route && typeof layer.route.path === 'string' ? [{ path: layer.route.path, methods: layer.route.methods }] : []))
    .filter((route) => route.path.startsWith('/api'))
    .flatMap((route) => Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`));
}

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
export interface InputValue {
  name: string;
  type: TypeRef;
}
export interface SchemaType {
  name: string;
  kind: string;
  fields: { name: string; args: InputValue[]; type: TypeRef }[] | null;
  inputFields: InputValue[] | null;
  enumValues: { name: string }[] | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECTION = `{ __schema { types { name kind enumValues { name }
  fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } }
  inputFields { name type { ${TYPE_REF} } } } } }`;

/**
 * The live schema, read by introspection as an admin, with helpers to write a call to any operation: tests
 * that walk it cover new operations without being told about them.
 */
export async function readSchema(t: TestApp) {
  const schema = await t.gql(INTROSPECTION, {}, await t.adminToken());
  const types = new Map((schema.data.__schema.types as SchemaType[]).map((type) => [type.name, type]));

  const named = (ref: TypeRef): SchemaType => {
    while (ref.ofType) ref = ref.ofType;
    return types.get(ref.name!)!;
  };

  /** A literal for a required argument: enough for the call to reach its resolver. */
  const literal = (ref: TypeRef): string => {
    if (ref.kind === 'NON_NULL') return literal(ref.ofType!);
    if (ref.kind === 'LIST') return `[${literal(ref.ofType!)}]`;
    const type = types.get(ref.name!)!;
    if (type.kind === 'ENUM') return type.enumValues![0].name;
    if (type.kind === 'INPUT_OBJECT') {
      const required = type.inputFields!.filter((f) => f.type.kind === 'NON_NULL');
      return `{ ${required.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`;
    }
    if (ref.name === 'Int' || ref.name === 'Float') return '1';
    if (ref.name === 'Boolean') return 'true';
    if (ref.name === 'ID') return '"1"';
    return '"x"';
  };

  /** The smallest selection an operation's answer needs. */
  const selection = (ref: TypeRef): string => {
    const type = named(ref);
    if (type.kind !== 'OBJECT') return '';
    return `{ ${type.fields!.some((f) => f.name === 'id') ? 'id' : '__typename'} }`;
  };

  /** A type as written in a variable definition (`[ID!]`). */
  const typeName = (ref: TypeRef): string =>
    ref.kind === 'NON_NULL' ? `${typeName(ref.ofType!)}!` : ref.kind === 'LIST' ? `[${typeName(ref.ofType!)}]` : ref.name!;

  const operations = (['Query', 'Mutation'] as const).flatMap((root) => (types.get(root)?.fields ?? []).map((field) => ({ root, field })));

  return { types, named, literal, selection, typeName, operations };
}

/** What an entry point asks of its caller, as its decorators declare it. */
export type DeclaredAccess = { public: true } | { public: false; permissions: Permission[] };

function accessOf(handler: object, owner: object): DeclaredAccess {
  const declared = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, owner);
  if (declared<boolean>(IS_PUBLIC)) return { public: true };
  return { public: false, permissions: declared<Permission[]>(REQUIRED_PERMISSIONS) ?? [] };
}

/** Every GraphQL root field (`Query.allUsers`) with the access its resolver declares. */
export function graphqlAccess(): Map<string, DeclaredAccess> {
  const roots = [
    ['Query', TypeMetadataStorage.getQueriesMetadata()],
    ['Mutation', TypeMetadataStorage.getMutationsMetadata()],
  ] as const;
  return new Map(
    roots.flatMap(([root, resolvers]) =>
      resolvers.map((resolver) => [`${root}.${resolver.schemaName}`, accessOf(resolver.target.prototype[resolver.methodName], resolver.target)] as const),
    ),
  );
}

/** Every REST route (`GET /api/all-donations`, as `apiRoutes` names them) with the access its handler declares. */
export function restAccess(t: TestApp): Map<string, DeclaredAccess> {
  const routes = new Map<string, DeclaredAccess>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = metatype.prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (typeof handler !== 'function' || method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        for (const path of paths) routes.set(`${RequestMethod[method]} ${`/${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')}`, accessOf(handler, metatype));
      }
    }
  }
  return routes;
}
