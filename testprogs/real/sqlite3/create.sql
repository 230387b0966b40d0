-- create.sql: a small order-book database, built from a parameter @n
-- (sqlite3 -cmd '.parameter set @n N' DB < create.sql): @n customers,
-- 4 @n orders, their lines.  Numbers come from a linear congruential
-- sequence so that every run builds the same bytes.
PRAGMA page_size = 4096;
BEGIN;
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, since INTEGER);
CREATE TABLE item(id INTEGER PRIMARY KEY, label TEXT UNIQUE, price REAL CHECK (price > 0));
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customer(id), day INTEGER);
CREATE TABLE line(ord INTEGER REFERENCES orders(id), item INTEGER REFERENCES item(id), qty INTEGER,
                  PRIMARY KEY (ord, item)) WITHOUT ROWID;
CREATE TABLE audit(at INTEGER, what TEXT);
CREATE TRIGGER big_order AFTER INSERT ON line WHEN new.qty > 8
  BEGIN INSERT INTO audit VALUES (new.ord, 'qty ' || new.qty || ' of item ' || new.item); END;
WITH RECURSIVE r(i, x) AS (SELECT 1, 12345 UNION ALL SELECT i + 1, (x * 1103515245 + 12345) % 2147483648 FROM r WHERE i < @n)
INSERT INTO customer SELECT i, printf('customer-%05d', x % 100000),
  CASE x % 5 WHEN 0 THEN 'Maynard' WHEN 1 THEN 'Palo Alto' WHEN 2 THEN 'Hudson' WHEN 3 THEN 'Cambridge' ELSE NULL END,
  1990 + x % 30 FROM r;
WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 64)
INSERT INTO item SELECT i, printf('item-%04x', i * 2654435761 % 65536), round(1 + (i * 37 % 101) / 3.0, 2) FROM r;
WITH RECURSIVE r(i, x) AS (SELECT 1, 777 UNION ALL SELECT i + 1, (x * 1103515245 + 12345) % 2147483648 FROM r WHERE i < 4 * @n)
INSERT INTO orders SELECT i, 1 + x % @n, 7000 + x % 365 FROM r;
WITH RECURSIVE r(i, x) AS (SELECT 1, 4242 UNION ALL SELECT i + 1, (x * 1103515245 + 12345) % 2147483648 FROM r WHERE i < 12 * @n)
INSERT OR IGNORE INTO line SELECT 1 + x % (4 * @n), 1 + (x >> 8) % 64, 1 + (x >> 16) % 10 FROM r;
CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX customer_city ON customer(city, name);
CREATE VIEW revenue AS
  SELECT o.customer AS customer, sum(l.qty * i.price) AS total, count(DISTINCT o.id) AS n
  FROM orders o JOIN line l ON l.ord = o.id JOIN item i ON i.id = l.item GROUP BY o.customer;
COMMIT;
-- a transaction rolled back leaves nothing behind
BEGIN;
DELETE FROM line;
ROLLBACK;
UPDATE item SET price = price * 1.1 WHERE id % 7 = 0;
DELETE FROM customer WHERE id NOT IN (SELECT customer FROM orders);
ANALYZE;
SELECT 'customers', count(*) FROM customer;
SELECT 'orders', count(*), min(day), max(day) FROM orders;
SELECT 'lines', count(*), sum(qty) FROM line;
SELECT 'audit', count(*) FROM audit;
PRAGMA integrity_check;
