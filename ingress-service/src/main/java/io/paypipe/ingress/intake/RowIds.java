package io.paypipe.ingress.intake;

/**
 * How a group of raw rows learns the ids its one multi-row INSERT gave them (issue 15:
 * one statement fewer per group where the server allows it).
 */
enum RowIds {

    /**
     * The INSERT's generated keys, the first id and the next ones at
     * {@code auto_increment_increment} apart, in the order of its VALUES (what
     * Connector/J reports). True only where the server gives one INSERT of a known row
     * count consecutive ids: {@code innodb_autoinc_lock_mode} 0 ("traditional") or 1
     * ("consecutive", MariaDB's default).
     */
    GENERATED,

    /**
     * A SELECT of the group's keys after the INSERT: under
     * {@code innodb_autoinc_lock_mode} 2 ("interleaved", MySQL 8's default and Galera's)
     * the ids of concurrent INSERTs may interleave, so the generated keys could name
     * another delivery's row.
     */
    READ_BACK;

    static RowIds forLockMode(int innodbAutoincLockMode) {
        return innodbAutoincLockMode == 0 || innodbAutoincLockMode == 1 ? GENERATED : READ_BACK;
    }

}
