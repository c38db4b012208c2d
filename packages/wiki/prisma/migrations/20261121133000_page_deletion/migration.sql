-- CreateTable
CREATE TABLE "Deletion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "wikiId" INTEGER NOT NULL,
    "pageId" INTEGER NOT NULL,
    "namespace" INTEGER NOT NULL,
    "dbKey" TEXT NOT NULL,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "timestamp" DATETIME NOT NULL,
    CONSTRAINT "Deletion_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ArchivedRevision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "deletionId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "timestamp" DATETIME NOT NULL,
    "sha1" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentModel" TEXT NOT NULL DEFAULT 'wikitext',
    "comment" TEXT NOT NULL DEFAULT '',
    "minor" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,
    CONSTRAINT "ArchivedRevision_deletionId_fkey" FOREIGN KEY ("deletionId") REFERENCES "Deletion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Deletion_wikiId_namespace_dbKey_idx" ON "Deletion"("wikiId", "namespace", "dbKey");

-- CreateIndex
CREATE INDEX "ArchivedRevision_deletionId_idx" ON "ArchivedRevision"("deletionId");

