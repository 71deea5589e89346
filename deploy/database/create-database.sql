-- The schema and the user the services connect as (MySQL 8 / MariaDB 10.11+, InnoDB, utf8mb4).
-- The services migrate the schema themselves on start (Flyway, versioned, one lock for concurrent starts): the user
-- needs DDL on the schema. Replace the password, and '%' by the services' network if you can.
CREATE DATABASE IF NOT EXISTS paypipe CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'paypipe'@'%' IDENTIFIED BY 'change-me';
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, INDEX, DROP, REFERENCES ON paypipe.* TO 'paypipe'@'%';
