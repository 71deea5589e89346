package io.paypipe.support.security;

import java.util.Optional;
import org.springframework.security.core.Authentication;

/**
 * The person of an action: the signed-in account's name, never a name typed into a
 * request. The contract of every operator action (docs in each service's README): the
 * fields that used to name the person ({@code requestedBy}, {@code requested_by},
 * {@code confirmedBy}, {@code by}) are left out of requests; one that is still sent must
 * name the signed-in account, else the request is refused with 400 and one sentence (a
 * client that names somebody else believes it records somebody it does not).
 */
public final class SignedIn {

    private SignedIn() {
    }

    /**
     * The signed-in account's name.
     * @throws IllegalStateException when nobody is signed in (the filter chain lets no
     * such request reach an action)
     */
    public static String name(Authentication authentication) {
        if (authentication == null || !authentication.isAuthenticated() || authentication.getName() == null) {
            throw new IllegalStateException("an operator action reached without a signed-in account");
        }
        return authentication.getName();
    }

    /**
     * What is wrong with a typed {@code field} naming a person: empty when it was left
     * out (or blank) or names the signed-in account.
     */
    public static Optional<String> typedNameProblem(String field, String typed, Authentication authentication) {
        if (typed == null || typed.isBlank() || typed.strip().equals(name(authentication))) {
            return Optional.empty();
        }
        return Optional.of(field + " is taken from your sign-in (" + name(authentication)
                + "): leave it out of the request instead of naming someone else");
    }

    /**
     * The signed-in account's name, after checking a typed {@code field}.
     * @throws SomeoneElseNamed when the field names someone else (answered 400 with its
     * sentence, {@link SomeoneElseNamed.Answer})
     */
    public static String person(String field, String typed, Authentication authentication) {
        Optional<String> problem = typedNameProblem(field, typed, authentication);
        if (problem.isPresent()) {
            throw new SomeoneElseNamed(problem.get());
        }
        return name(authentication);
    }

}
