-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Wiki" (
    "id" SERIAL NOT NULL,
    "prefix" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "siteName" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Wiki_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Namespace" (
    "id" SERIAL NOT NULL,
    "wikiId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "canonical" TEXT NOT NULL,
    "caseRule" TEXT NOT NULL,
    "subpages" BOOLEAN NOT NULL DEFAULT false,
    "content" BOOLEAN NOT NULL DEFAULT false,
    "nonincludable" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Namespace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NamespaceAlias" (
    "id" SERIAL NOT NULL,
    "wikiId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "alias" TEXT NOT NULL,

    CONSTRAINT "NamespaceAlias_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Interwiki" (
    "id" SERIAL NOT NULL,
    "wikiId" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "local" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT,

    CONSTRAINT "Interwiki_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Page" (
    "id" SERIAL NOT NULL,
    "wikiId" INTEGER NOT NULL,
    "namespace" INTEGER NOT NULL,
    "dbKey" TEXT NOT NULL,
    "latestRevId" INTEGER,
    "touched" TIMESTAMP(3) NOT NULL,
    "isRedirect" BOOLEAN NOT NULL DEFAULT false,
    "length" INTEGER NOT NULL DEFAULT 0,
    "contentModel" TEXT NOT NULL DEFAULT 'wikitext',

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Revision" (
    "id" SERIAL NOT NULL,
    "pageId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "sha1" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentModel" TEXT NOT NULL DEFAULT 'wikitext',
    "comment" TEXT NOT NULL DEFAULT '',
    "minor" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,

    CONSTRAINT "Revision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "registration" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserGroup" (
    "userId" INTEGER NOT NULL,
    "group" TEXT NOT NULL,
    "added" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserGroup_pkey" PRIMARY KEY ("userId","group")
);

-- CreateTable
CREATE TABLE "Block" (
    "id" SERIAL NOT NULL,
    "targetId" INTEGER NOT NULL,
    "byId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "timestamp" TIMESTAMP(3) NOT NULL,
    "expiry" TIMESTAMP(3),
    "hideName" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Block_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "idHash" TEXT NOT NULL,
    "userId" INTEGER,
    "secret" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("idHash")
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL,
    "expires" TIMESTAMP(3),
    "lastUsed" TIMESTAMP(3),

    CONSTRAINT "OAuthToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deletion" (
    "id" SERIAL NOT NULL,
    "wikiId" INTEGER NOT NULL,
    "pageId" INTEGER NOT NULL,
    "namespace" INTEGER NOT NULL,
    "dbKey" TEXT NOT NULL,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "timestamp" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Deletion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArchivedRevision" (
    "id" INTEGER NOT NULL,
    "deletionId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "sha1" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentModel" TEXT NOT NULL DEFAULT 'wikitext',
    "comment" TEXT NOT NULL DEFAULT '',
    "minor" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,

    CONSTRAINT "ArchivedRevision_pkey" PRIMARY KEY ("id")
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

-- CreateIndex
CREATE INDEX "Deletion_wikiId_namespace_dbKey_idx" ON "Deletion"("wikiId", "namespace", "dbKey");

-- CreateIndex
CREATE INDEX "ArchivedRevision_deletionId_idx" ON "ArchivedRevision"("deletionId");

-- AddForeignKey
ALTER TABLE "Namespace" ADD CONSTRAINT "Namespace_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NamespaceAlias" ADD CONSTRAINT "NamespaceAlias_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Interwiki" ADD CONSTRAINT "Interwiki_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Page" ADD CONSTRAINT "Page_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Revision" ADD CONSTRAINT "Revision_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Revision" ADD CONSTRAINT "Revision_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroup" ADD CONSTRAINT "UserGroup_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Block" ADD CONSTRAINT "Block_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Block" ADD CONSTRAINT "Block_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deletion" ADD CONSTRAINT "Deletion_wikiId_fkey" FOREIGN KEY ("wikiId") REFERENCES "Wiki"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArchivedRevision" ADD CONSTRAINT "ArchivedRevision_deletionId_fkey" FOREIGN KEY ("deletionId") REFERENCES "Deletion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

