-- The discovery permissions for the built-in roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['discovery:read', 'discovery:manage']
  WHERE "is_system" AND "name" IN ('Partner Admin', 'Technician', 'Organization Admin') AND NOT ('discovery:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['discovery:read']
  WHERE "is_system" AND "name" IN ('Read Only', 'Organization User') AND NOT ('discovery:read' = ANY("permissions"));
