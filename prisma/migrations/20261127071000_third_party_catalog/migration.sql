-- CreateEnum
CREATE TYPE "ThirdPartyAppTestStatus" AS ENUM ('queued', 'running', 'passed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "third_party_apps" (
    "id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "vendor" VARCHAR(255) NOT NULL,
    "category" VARCHAR(100),
    "description" VARCHAR(2000),
    "homepage" VARCHAR(500),
    "platforms" "OsType"[] DEFAULT ARRAY[]::"OsType"[],
    "update_source" JSONB NOT NULL DEFAULT '{}',
    "inventory_match" VARCHAR(255)[] DEFAULT ARRAY[]::VARCHAR(255)[],
    "latest_version" VARCHAR(100),
    "service_tested" BOOLEAN NOT NULL DEFAULT false,
    "tested_version" VARCHAR(100),
    "tested_at" TIMESTAMPTZ(3),
    "test_device_id" UUID,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "third_party_apps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "third_party_app_tests" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "version" VARCHAR(100) NOT NULL,
    "device_id" UUID,
    "status" "ThirdPartyAppTestStatus" NOT NULL DEFAULT 'queued',
    "command_id" UUID,
    "manager" VARCHAR(16) NOT NULL,
    "package_name" VARCHAR(255) NOT NULL,
    "error" VARCHAR(4000),
    "installed_version" VARCHAR(200),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "third_party_app_tests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "third_party_apps_vendor_idx" ON "third_party_apps"("vendor");

-- CreateIndex
CREATE UNIQUE INDEX "third_party_app_tests_command_id_key" ON "third_party_app_tests"("command_id");

-- CreateIndex
CREATE INDEX "third_party_app_tests_app_id_created_at_idx" ON "third_party_app_tests"("app_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "third_party_app_tests" ADD CONSTRAINT "third_party_app_tests_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "third_party_apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Live names are unique (case-insensitive), soft-deleted ones free their name.
CREATE UNIQUE INDEX "third_party_apps_name_live_key" ON "third_party_apps"(lower("name")) WHERE "deleted_at" IS NULL;

-- A removed device or command leaves the app and its test history in place.
ALTER TABLE "third_party_apps" ADD CONSTRAINT "third_party_apps_test_device_id_fkey" FOREIGN KEY ("test_device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "third_party_app_tests" ADD CONSTRAINT "third_party_app_tests_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "third_party_app_tests" ADD CONSTRAINT "third_party_app_tests_command_id_fkey" FOREIGN KEY ("command_id") REFERENCES "device_commands"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The shipped catalog: common applications with their real package ids (winget ids, Homebrew
-- formulae or casks, Debian package names where Debian ships the application). Operators edit,
-- extend or delete these rows like any other. Ids are stable.
INSERT INTO "third_party_apps" ("id", "name", "vendor", "category", "description", "homepage", "platforms", "update_source", "inventory_match", "updated_at") VALUES
('7e3c0a01-0000-4000-8000-000000000001', 'Mozilla Firefox', 'Mozilla', 'Browser', 'Web browser. Debian ships the extended support release.', 'https://www.mozilla.org/firefox/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Mozilla.Firefox"},"macos":{"manager":"brew","name":"firefox"},"linux":{"manager":"apt","name":"firefox-esr"}}', ARRAY['Mozilla Firefox*','Firefox','firefox-esr','firefox'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000002', 'Google Chrome', 'Google', 'Browser', 'Web browser.', 'https://www.google.com/chrome/', ARRAY['windows','macos']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Google.Chrome"},"macos":{"manager":"brew","name":"google-chrome"}}', ARRAY['Google Chrome','google-chrome-stable'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000003', '7-Zip', 'Igor Pavlov', 'Utility', 'File archiver.', 'https://www.7-zip.org/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"7zip.7zip"},"macos":{"manager":"brew","name":"sevenzip"},"linux":{"manager":"apt","name":"7zip"}}', ARRAY['7-Zip*','7zip','sevenzip'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000004', 'Node.js LTS', 'OpenJS Foundation', 'Runtime', 'JavaScript runtime, long-term support line.', 'https://nodejs.org/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"OpenJS.NodeJS.LTS"},"macos":{"manager":"brew","name":"node@22"},"linux":{"manager":"apt","name":"nodejs"}}', ARRAY['Node.js','nodejs','node@22'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000005', 'VLC media player', 'VideoLAN', 'Media', 'Media player.', 'https://www.videolan.org/vlc/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"VideoLAN.VLC"},"macos":{"manager":"brew","name":"vlc"},"linux":{"manager":"apt","name":"vlc"}}', ARRAY['VLC media player','VLC','vlc'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000006', 'Zoom Workplace', 'Zoom Video Communications', 'Communication', 'Video meetings client.', 'https://zoom.us/', ARRAY['windows','macos']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Zoom.Zoom"},"macos":{"manager":"brew","name":"zoom"}}', ARRAY['Zoom Workplace*','Zoom','zoom.us'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000007', 'Notepad++', 'Notepad++ Team', 'Editor', 'Text and source code editor.', 'https://notepad-plus-plus.org/', ARRAY['windows']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Notepad++.Notepad++"}}', ARRAY['Notepad++*'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000008', 'Adobe Acrobat Reader', 'Adobe', 'Document', 'PDF reader.', 'https://www.adobe.com/acrobat/pdf-reader.html', ARRAY['windows','macos']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Adobe.Acrobat.Reader.64-bit"},"macos":{"manager":"brew","name":"adobe-acrobat-reader"}}', ARRAY['Adobe Acrobat*'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-000000000009', 'LibreOffice', 'The Document Foundation', 'Office', 'Office suite.', 'https://www.libreoffice.org/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"TheDocumentFoundation.LibreOffice"},"macos":{"manager":"brew","name":"libreoffice"},"linux":{"manager":"apt","name":"libreoffice"}}', ARRAY['LibreOffice*','libreoffice'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-00000000000a', 'Mozilla Thunderbird', 'Mozilla', 'Communication', 'Email client.', 'https://www.thunderbird.net/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Mozilla.Thunderbird"},"macos":{"manager":"brew","name":"thunderbird"},"linux":{"manager":"apt","name":"thunderbird"}}', ARRAY['Mozilla Thunderbird*','Thunderbird','thunderbird'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-00000000000b', 'Git', 'Software Freedom Conservancy', 'Developer', 'Version control system.', 'https://git-scm.com/', ARRAY['windows','macos','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"Git.Git"},"macos":{"manager":"brew","name":"git"},"linux":{"manager":"apt","name":"git"}}', ARRAY['Git','git'], CURRENT_TIMESTAMP),
('7e3c0a01-0000-4000-8000-00000000000c', 'PuTTY', 'Simon Tatham', 'Utility', 'SSH and telnet client.', 'https://www.chiark.greenend.org.uk/~sgtatham/putty/', ARRAY['windows','linux']::"OsType"[],
  '{"windows":{"manager":"winget","name":"PuTTY.PuTTY"},"linux":{"manager":"apt","name":"putty"}}', ARRAY['PuTTY*','putty'], CURRENT_TIMESTAMP);
