-- The comprehensive agents' screen for the system admin, on a database whose role routes were
-- seeded before it existed (a fresh database is seeded from the contract after the migrations).
INSERT INTO "role_routes" ("operator_type", "route_path")
  SELECT DISTINCT "operator_type", '/setup/brandAgent' FROM "role_routes"
  WHERE "operator_type" = 0 AND "route_path" = '/setup'
  ON CONFLICT DO NOTHING;
