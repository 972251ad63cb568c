-- The PSA permissions for the built-in partner roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['psa:read', 'psa:manage']
  WHERE "is_system" AND "name" = 'Partner Admin' AND NOT ('psa:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['psa:read']
  WHERE "is_system" AND "name" IN ('Technician', 'Read Only') AND NOT ('psa:read' = ANY("permissions"));
