-- A refresh token exchanged on behalf of a replayed predecessor (a response lost to a reload)
-- rather than presented by its own holder: a chain of such tokens is still one holder
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_by_replay" BOOLEAN NOT NULL DEFAULT false;
