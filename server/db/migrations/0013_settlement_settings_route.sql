-- The settlement settings screen (/settle/settings) for the system admin, on a database whose
-- role routes were seeded before it existed (a fresh database is seeded from the contract after
-- the migrations): granted where the role holds the settlement menu.
INSERT INTO "role_routes" ("operator_type", "route_path")
  SELECT DISTINCT "operator_type", '/settle/settings' FROM "role_routes"
  WHERE "operator_type" = 0 AND "route_path" = '/settle'
  ON CONFLICT DO NOTHING;
