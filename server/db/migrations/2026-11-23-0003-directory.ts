import { type Kysely, sql } from 'kysely';

/**
 * The directory (DESIGN section 5): regions and cities with names in every locale, dictionaries, merchants
 * (venues), partners (profiles), their photos, favourites, visit reports, feedback, reports, search history and
 * the search log behind "hot cities". Limits are written out here, not imported (STYLE rule 24).
 *
 * Localized names are a jsonb object { locale: name }. `search_key` columns hold every name and the slug,
 * normalized (NFKC, lower case, see server/directory/search-key.ts), joined by newlines, so one LIKE finds a
 * place or listing from its name in any script.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('regions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('regions_slug_check', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 64`)
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id').onDelete('restrict'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('cities_region_slug_unique', ['region_id', 'slug'])
    .addCheckConstraint('cities_slug_check', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 64`)
    .execute();

  // Dictionaries (merchant_type, merchant_tag, partner_tag, sex, body_type, language, drive_type, feedback_type,
  // report_reason): ids are stable per type because listings store them.
  await db.schema
    .createTable('dict_entries')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dict_entries_pkey', ['type', 'id'])
    .execute();

  await db.schema
    .createTable('merchants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('merchant_type', 'integer', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('phone', 'text')
    .addColumn('opening_hours', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('price_level', 'smallint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('social', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('cover', 'jsonb')
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('moderation_note', 'text')
    .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('merchants_status_check', sql`status in ('pending', 'published', 'hidden')`)
    .addCheckConstraint('merchants_price_check', sql`price_level between 1 and 4`)
    .addCheckConstraint('merchants_counts_check', sql`favorite_count >= 0 and report_count >= 0 and rating_sum >= 0`)
    .addCheckConstraint('merchants_location_check', sql`(lat is null) = (lng is null)`)
    .execute();
  // Public lists read published+visible rows of a city (or region, or all) newest or most favourited first.
  await sql`create index merchants_city_new on merchants (city_id, created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index merchants_region_new on merchants (region_id, created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index merchants_all_new on merchants (created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index merchants_city_popular on merchants (city_id, favorite_count desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index merchants_all_popular on merchants (favorite_count desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index merchants_owner on merchants (owner_uuid, id desc)`.execute(db);
  await sql`create index merchants_search_key on merchants using gin (search_key gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('partners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('owner_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id').onDelete('set null'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('age', 'smallint', (c) => c.notNull())
    .addColumn('sex', 'integer', (c) => c.notNull())
    .addColumn('body_type', 'integer', (c) => c.notNull())
    .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('drive_type', 'integer')
    .addColumn('height', 'smallint')
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('unlock_price', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('cover', 'jsonb')
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('moderation_note', 'text')
    .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('partners_status_check', sql`status in ('pending', 'published', 'hidden')`)
    .addCheckConstraint('partners_age_check', sql`age between 18 and 99`)
    .addCheckConstraint('partners_unlock_check', sql`unlock_price between 10 and 1000`)
    .addCheckConstraint('partners_counts_check', sql`favorite_count >= 0`)
    .execute();
  await sql`create index partners_city_new on partners (city_id, created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index partners_region_new on partners (region_id, created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index partners_all_new on partners (created_at desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index partners_city_popular on partners (city_id, favorite_count desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index partners_all_popular on partners (favorite_count desc, id desc) where status = 'published' and visible`.execute(db);
  await sql`create index partners_owner on partners (owner_uuid, id desc)`.execute(db);
  await sql`create index partners_merchant on partners (merchant_id)`.execute(db);
  await sql`create index partners_search_key on partners using gin (search_key gin_trgm_ops)`.execute(db);

  // Photos of merchants (gallery), partners, visit reports and feedback, in display order.
  await db.schema
    .createTable('photos')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('photos_owner_kind_check', sql`owner_kind in ('merchant', 'partner', 'visit_report', 'feedback')`)
    .execute();
  await db.schema.createIndex('photos_owner').on('photos').columns(['owner_kind', 'owner_id', 'position']).execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pkey', ['user_uuid', 'source', 'listing_id'])
    .addCheckConstraint('favorites_source_check', sql`source in ('merchant', 'partner')`)
    .execute();
  await sql`create index favorites_user_recent on favorites (user_uuid, source, created_at desc, listing_id desc)`.execute(db);
  await db.schema.createIndex('favorites_listing').on('favorites').columns(['source', 'listing_id']).execute();

  await db.schema
    .createTable('visit_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('author_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('rating', 'smallint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('visit_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('visit_reports_rating_check', sql`rating between 1 and 5`)
    .execute();
  await sql`create index visit_reports_merchant on visit_reports (merchant_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('feedback_type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reporter_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'integer', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('reports_target_check', sql`target in ('merchant', 'partner', 'user', 'message')`)
    .addCheckConstraint('reports_status_check', sql`status in ('open', 'resolved', 'dismissed')`)
    .execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target', 'target_id']).execute();
  // One open report per reporter and target: a repeated report (double tap, retry) adds no second row.
  await sql`create unique index reports_open_once on reports (reporter_uuid, target, target_id) where status = 'open'`.execute(db);

  // Search history: owner_key is 'u:<user uuid>' or 'g:<guest id>'; the newest 20 are kept.
  await db.schema
    .createTable('search_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('keyword_key', 'text', (c) => c.notNull())
    .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index search_history_owner on search_history (owner_key, created_at desc, id desc)`.execute(db);

  // One row per search that led to a city; "hot" counts them over the last 7 days.
  await db.schema
    .createTable('city_searches')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id').onDelete('cascade'))
    .addColumn('searched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('city_searches_time').on('city_searches').columns(['searched_at', 'city_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'city_searches',
    'search_history',
    'reports',
    'feedback',
    'visit_reports',
    'favorites',
    'photos',
    'partners',
    'merchants',
    'dict_entries',
    'cities',
    'regions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
