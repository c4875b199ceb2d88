// What the browser gets for `typebox`. The contract builds its request and answer schemas at
// module level for the server's validation and OpenAPI; the browser uses the contract's paths,
// messages, rules and types, never a schema, so it gets no validator (TypeBox is 17 kB gzip on
// every page). Building a schema here gives an empty object schema; checking one is not possible.
const schema = () => ({ type: 'object', properties: {} });
const Type: Record<string, typeof schema> = new Proxy({}, { get: () => schema });
export default Type;
