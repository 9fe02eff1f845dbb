import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Content and media: uploads, posts and their categories (1, 2, 3 fixed), videos, home images, books. */
export class Content1763800100000 implements MigrationInterface {
  name = 'Content1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        url varchar(500) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        variants jsonb NOT NULL,
        purpose varchar(20) NOT NULL,
        uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_uploads_name" ON uploads (name)`);
    await q.query(`CREATE UNIQUE INDEX "IDX_uploads_url" ON uploads (url)`);
    await q.query(`CREATE INDEX "IDX_uploads_uploaded_by" ON uploads (uploaded_by)`);

    await q.query(`
      CREATE TABLE post_categories (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_post_categories_name" ON post_categories (name)`);
    await q.query(`INSERT INTO post_categories (id, name) VALUES (1, 'Programs'), (2, 'Testimonies'), (3, 'Blog')`);
    // The fixed rows were given their ids; new categories continue after them.
    await q.query(`SELECT setval(pg_get_serial_sequence('post_categories', 'id'), 3)`);

    await q.query(`
      CREATE TABLE posts (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        slug varchar(120) NOT NULL,
        body text NOT NULL,
        excerpt varchar(300) NOT NULL DEFAULT '',
        image varchar(500),
        category_id integer NOT NULL REFERENCES post_categories(id) ON DELETE RESTRICT,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        status varchar(12) NOT NULL DEFAULT 'Authorised',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT posts_status_check CHECK (status IN ('Authorised', 'UnAuthorised'))
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_posts_slug" ON posts (slug)`);
    await q.query(`CREATE INDEX "IDX_posts_category_id_created_at" ON posts (category_id, created_at, id)`);
    await q.query(`CREATE INDEX "IDX_posts_author_id" ON posts (author_id)`);
    await q.query(`CREATE INDEX "IDX_posts_status" ON posts (status)`);
    await q.query(`CREATE INDEX "IDX_posts_created_at" ON posts (created_at)`);

    await q.query(`
      CREATE TABLE videos (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        video varchar(11) NOT NULL,
        poster varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_videos_title" ON videos (title)`);
    await q.query(`CREATE INDEX "IDX_videos_created_at" ON videos (created_at)`);

    await q.query(`
      CREATE TABLE slider_images (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL DEFAULT '',
        image varchar(500),
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_slider_images_position" ON slider_images (position)`);

    await q.query(`
      CREATE TABLE visit_images (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL DEFAULT '',
        image varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE meeting_images (
        id serial PRIMARY KEY,
        zoom_id varchar(50) NOT NULL,
        password varchar(100),
        image varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE books (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        price_pence integer NOT NULL,
        currency varchar(3) NOT NULL DEFAULT 'GBP',
        image varchar(500),
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT books_price_check CHECK (price_pence >= 0)
      )`);
    await q.query(`CREATE INDEX "IDX_books_title" ON books (title)`);
    await q.query(`CREATE INDEX "IDX_books_created_at" ON books (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['books', 'meeting_images', 'visit_images', 'slider_images', 'videos', 'posts', 'post_categories', 'uploads']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
