// What Paddle's API gained after its OpenAPI description of May 2025, added to that description so
// answers and requests are held to Paddle's word for it too. Each addition from Paddle's docs:
// - discount groups (June 2025: create, list; July 2025: get, update), the `discount_group_id` of a
//   discount and the discounts list's `discount_group_id` filter and `include=discount_group`:
//   https://developer.paddle.com/changelog/2025/discount-groups,
//   https://developer.paddle.com/changelog/2025/discount-groups-new-api-operations,
//   https://developer.paddle.com/api-reference/discount-groups (the entity, field for field);
// - the event types documented since: discount_group.created and .updated (the same changelog),
//   api_key_exposure.created and client_token.* (https://developer.paddle.com/webhooks, the
//   event_type enum of each webhook's page);
// - the webhooks of discount groups, their payload the event with the discount group for `data`
//   (https://developer.paddle.com/webhooks/discount-groups/discount-group-created and
//   .../discount-group-updated), and `discount_group_id` in a discount's webhooks as in the entity
//   (https://developer.paddle.com/changelog/2025/discount-groups).

// biome-ignore lint/suspicious/noExplicitAny: the spec is untyped YAML
type Json = any;

const DSG_ID = { type: 'string', pattern: '^dsg_[a-z\\d]{26}$' };
const nullable = (schema: Json) => ({ oneOf: [schema, { type: 'null' }] });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const NEW_EVENT_NAMES = [
  'api_key_exposure.created',
  'client_token.created',
  'client_token.revoked',
  'client_token.updated',
  'discount_group.created',
  'discount_group.updated',
];

const DISCOUNT_GROUP = {
  title: 'DiscountGroup',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'status', 'created_at', 'updated_at', 'import_meta'],
  properties: {
    id: DSG_ID,
    name: { type: 'string', minLength: 1, maxLength: 500 },
    status: ref('status'),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    import_meta: nullable(ref('import_meta')),
  },
};

const ERROR = { $ref: '#/components/responses/error' };

function entityAnswer(status: string): Json {
  const schema = {
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: ref('discount_group'), meta: ref('meta') },
  };
  return { [status]: { content: { 'application/json': { schema } } }, default: ERROR };
}

const LIST_ANSWER = {
  200: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['data', 'meta'],
          properties: { data: { type: 'array', items: ref('discount_group') }, meta: ref('meta-paginated') },
        },
      },
    },
  },
  default: ERROR,
};

const jsonBody = (schema: Json) => ({ content: { 'application/json': { schema } } });
const queryArray = (name: string, items: Json) => ({
  name,
  in: 'query',
  schema: { type: 'array', items },
  explode: false,
});

/** A webhook of `type` whose payload is the event with `data` (as Paddle's own webhooks: are). */
function addWebhook(spec: Json, type: string, data: Json, description: string): void {
  spec.components.schemas[type] = {
    title: type,
    description,
    type: 'object',
    allOf: [
      ref('event'),
      { properties: { notification_id: { ...ref('notification_id'), readOnly: true }, data } },
    ],
  };
  const schema = { $ref: `#/components/schemas/${type}` };
  spec.webhooks[type] = {
    post: {
      summary: type,
      description,
      parameters: [{ $ref: '#/components/parameters/Paddle-Signature' }],
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: { 200: { description: 'Respond with an HTTP 200 status code within 5 seconds.' } },
    },
  };
}

/** The webhooks of discount groups, and discount_group_id in the discount's. */
function addDiscountGroupWebhooks(spec: Json): void {
  addWebhook(
    spec,
    'discount_group.created',
    ref('discount_group'),
    'Occurs when a discount group is created.',
  );
  addWebhook(
    spec,
    'discount_group.updated',
    ref('discount_group'),
    'Occurs when a discount group is updated.',
  );
  for (const type of ['discount.created', 'discount.updated', 'discount.imported'])
    spec.components.schemas[type].allOf[1].properties.data.properties.discount_group_id = nullable(DSG_ID);
}

/** The description with what came after it (changes `spec` in place). */
export function addWhatCameAfter(spec: Json): void {
  const schemas = spec.components.schemas;
  schemas.discount_group = DISCOUNT_GROUP;
  schemas.discount.properties.discount_group_id = nullable(DSG_ID);
  schemas.discount.properties.discount_group = nullable(ref('discount_group'));
  schemas['discount-create'].properties.discount_group_id = nullable(DSG_ID);
  schemas.event_type_name.enum.push(...NEW_EVENT_NAMES);
  addDiscountGroupWebhooks(spec);
  const include = queryArray('include', { type: 'string', enum: ['discount_group'] });
  spec.paths['/discounts'].get.parameters.push(queryArray('discount_group_id', DSG_ID), include);
  spec.paths['/discounts/{discount_id}'].get.parameters = [include];
  const pathId = { name: 'discount_group_id', in: 'path', required: true, schema: DSG_ID };
  spec.paths['/discount-groups'] = {
    get: {
      'x-permissions': ['discount.read'],
      parameters: [
        { $ref: '#/components/parameters/after_query' },
        queryArray('id', DSG_ID),
        { $ref: '#/components/parameters/order_by_query' },
        { $ref: '#/components/parameters/per_page_query' },
      ],
      responses: LIST_ANSWER,
    },
    post: {
      'x-permissions': ['discount.write'],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: DISCOUNT_GROUP.properties.name },
      }),
      responses: entityAnswer('201'),
    },
  };
  spec.paths['/discount-groups/{discount_group_id}'] = {
    parameters: [pathId],
    get: { 'x-permissions': ['discount.read'], responses: entityAnswer('200') },
    patch: {
      'x-permissions': ['discount.write'],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        properties: { name: DISCOUNT_GROUP.properties.name, status: ref('status') },
      }),
      responses: entityAnswer('200'),
    },
  };
}
