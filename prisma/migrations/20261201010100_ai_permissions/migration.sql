-- The AI assistant permissions for the built-in roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['ai:use', 'ai:admin']
  WHERE "is_system" AND "name" = 'Partner Admin' AND NOT ('ai:use' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['ai:use']
  WHERE "is_system" AND "name" IN ('Technician', 'Organization Admin', 'Organization User') AND NOT ('ai:use' = ANY("permissions"));
