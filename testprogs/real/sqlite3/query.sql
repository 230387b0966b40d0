-- query.sql: questions to the database create.sql built.
.headers on
.mode column
SELECT city, count(*) AS customers, min(since), max(since) FROM customer GROUP BY city ORDER BY city;
SELECT c.name, printf('%.2f', r.total) AS total, r.n AS orders
  FROM revenue r JOIN customer c ON c.id = r.customer ORDER BY r.total DESC, c.id LIMIT 8;
SELECT i.label, sum(l.qty) AS sold, rank() OVER (ORDER BY sum(l.qty) DESC) AS rank
  FROM line l JOIN item i ON i.id = l.item GROUP BY i.id ORDER BY sold DESC, i.id LIMIT 5;
.mode list
SELECT day / 30 AS month, count(*), printf('%.3f', avg(n)) FROM
  (SELECT o.day, count(*) AS n FROM orders o JOIN line l ON l.ord = o.id GROUP BY o.id)
  GROUP BY month ORDER BY month;
SELECT group_concat(name, ',') FROM (SELECT name FROM customer WHERE city LIKE 'H%' ORDER BY name LIMIT 5);
SELECT json_object('items', (SELECT count(*) FROM item), 'cheapest', (SELECT min(price) FROM item));
EXPLAIN QUERY PLAN SELECT * FROM orders WHERE customer = 5;
