package io.paypipe.ingress.intake;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowIdsTest {

    @Test
    void trustsTheGeneratedKeysOnlyWhereOneInsertGetsConsecutiveIds() {
        // Given the three innodb_autoinc_lock_modes
        // When each is asked
        // Then traditional (0) and consecutive (1) give a group its ids in the INSERT,
        // interleaved (2) makes it read them back
        assertThat(RowIds.forLockMode(0)).isEqualTo(RowIds.GENERATED);
        assertThat(RowIds.forLockMode(1)).isEqualTo(RowIds.GENERATED);
        assertThat(RowIds.forLockMode(2)).isEqualTo(RowIds.READ_BACK);
    }

}
