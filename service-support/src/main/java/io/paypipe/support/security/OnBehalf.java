package io.paypipe.support.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * On the API chain, after the Basic sign-in and before the roles are checked: the
 * operator console (processor-service) acts on another service's API for the person
 * signed in to it. Its service account (role {@link OperatorRole#CONSOLE}) names that
 * person in {@value #HEADER}; the request then is the person's, with the role OPERATOR
 * (the console forwards an OPERATOR's action only), so {@link SignedIn} records the
 * person, and one log line notes the console account it came through. Any other account
 * that sends the header is refused 403 (it would record someone it is not); a name that
 * no account could have is a 400; the console account without the header is refused by
 * the role check (CONSOLE is neither VIEWER nor OPERATOR).
 */
final class OnBehalf extends OncePerRequestFilter {

    /** The header that names the person the console acts for. */
    static final String HEADER = "X-Paypipe-On-Behalf-Of";

    private static final Logger log = LoggerFactory.getLogger(OnBehalf.class);

    private static final String CONSOLE = "ROLE_" + OperatorRole.CONSOLE.name();

    private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

    /** What the header makes of a request. */
    sealed interface Decision {

        /** No header, or nobody signed in (the role check answers 401): as it came. */
        record AsItCame() implements Decision {
        }

        /** Refused with a status and one sentence. */
        record Refused(int status, String sentence) implements Decision {
        }

        /** The console acting for {@code person}. */
        record ActingFor(String person, String console) implements Decision {
        }

    }

    static Decision decide(Authentication signedIn, String header) {
        if (header == null || signedIn == null || !signedIn.isAuthenticated()
                || signedIn instanceof AnonymousAuthenticationToken) {
            return new Decision.AsItCame();
        }
        boolean console = signedIn.getAuthorities().stream().anyMatch((a) -> CONSOLE.equals(a.getAuthority()));
        if (!console) {
            return new Decision.Refused(403, "only the console's service account may name the person it acts for ("
                    + HEADER + "): leave the header out, your sign-in is the person");
        }
        if (!Accounts.validName(header)) {
            return new Decision.Refused(400,
                    HEADER + " must name a person as an account does (1 to 64 characters, no ':')");
        }
        return new Decision.ActingFor(header, signedIn.getName());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication signedIn = contexts.getContext().getAuthentication();
        switch (decide(signedIn, request.getHeader(HEADER))) {
            case Decision.AsItCame asItCame -> chain.doFilter(request, response);
            case Decision.Refused refused -> {
                log.warn("account {} named a person in {} on {} {}: refused {}", signedIn.getName(), HEADER,
                        request.getMethod(), request.getRequestURI(), refused.status());
                OperatorSecurity.error(response, refused.status(), refused.sentence());
            }
            case Decision.ActingFor acting -> {
                log.info("console account {} acts for {} on {} {}", acting.console(), acting.person(),
                        request.getMethod(), request.getRequestURI());
                SecurityContext context = contexts.createEmptyContext();
                UsernamePasswordAuthenticationToken person = UsernamePasswordAuthenticationToken.authenticated(
                        acting.person(), null,
                        List.of(new SimpleGrantedAuthority("ROLE_" + OperatorRole.OPERATOR.name())));
                person.setDetails("through the console account " + acting.console());
                context.setAuthentication(person);
                contexts.setContext(context);
                chain.doFilter(request, response);
            }
        }
    }

}
