-- CreateTable
CREATE TABLE "Wiki" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "prefix" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "siteName" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Namespace" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "wikiId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "canonical" TEXT NOT NULL,
    "caseRule" TEXT NOT NULL,
    "subpages" BOOLEAN NOT NULL DEFAULT false,
    "content" BOOLEAN NOT NULL DEFAULT false,
    "nonincludable" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Namespace_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NamespaceAlias" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "wikiId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "alias" TEXT NOT NULL,
    CONSTRAINT "NamespaceAlias_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Interwiki" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "wikiId" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "local" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT,
    CONSTRAINT "Interwiki_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Page" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "wikiId" INTEGER NOT NULL,
    "namespace" INTEGER NOT NULL,
    "dbKey" TEXT NOT NULL,
    "latestRevId" INTEGER,
    "touched" DATETIME NOT NULL,
    "isRedirect" BOOLEAN NOT NULL DEFAULT false,
    "length" INTEGER NOT NULL DEFAULT 0,
    "contentModel" TEXT NOT NULL DEFAULT 'wikitext',
    CONSTRAINT "Page_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Revision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pageId" INTEGER NOT NULL,
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
    CONSTRAINT "Revision_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Revision_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "registration" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UserGroup" (
    "userId" INTEGER NOT NULL,
    "group" TEXT NOT NULL,
    "added" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "group"),
    CONSTRAINT "UserGroup_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Block" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "targetId" INTEGER NOT NULL,
    "byId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "timestamp" DATETIME NOT NULL,
    "expiry" DATETIME,
    CONSTRAINT "Block_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Block_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "idHash" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER,
    "secret" TEXT NOT NULL,
    "created" DATETIME NOT NULL,
    "expires" DATETIME NOT NULL,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "created" DATETIME NOT NULL,
    "expires" DATETIME,
    "lastUsed" DATETIME,
    CONSTRAINT "OAuthToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Wiki_prefix_key" ON "Wiki"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "Wiki_domain_key" ON "Wiki"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "Namespace_wikiId_number_key" ON "Namespace"("wikiId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "NamespaceAlias_wikiId_alias_key" ON "NamespaceAlias"("wikiId", "alias");

-- CreateIndex
CREATE UNIQUE INDEX "Interwiki_wikiId_prefix_key" ON "Interwiki"("wikiId", "prefix");

-- CreateIndex
CREATE UNIQUE INDEX "Page_wikiId_namespace_dbKey_key" ON "Page"("wikiId", "namespace", "dbKey");

-- CreateIndex
CREATE INDEX "Revision_pageId_id_idx" ON "Revision"("pageId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "User_name_key" ON "User"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Block_targetId_key" ON "Block"("targetId");

-- CreateIndex
CREATE INDEX "Session_expires_idx" ON "Session"("expires");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_tokenHash_key" ON "OAuthToken"("tokenHash");
